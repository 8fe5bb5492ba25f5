import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'es';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

// Spanish plural rules: `many` is used for large round numbers («1.000.000 de pedidos»).
const orders = (count: number) => plural(LOCALE, count, { one: '# pedido', many: '# de pedidos', other: '# pedidos' });

/** The note after an amount to which the next order adds tax and shipping. */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? ', sin impuestos ni gastos de envío' : '');

const billedAtNextOrder = (count: number) =>
  plural(LOCALE, count, {
    one: 'En su próximo pedido se factura # pedido',
    many: 'En su próximo pedido se facturan # de pedidos juntos',
    other: 'En su próximo pedido se facturan # pedidos juntos',
  });

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config:
      'Este formulario no está configurado correctamente, por lo que aquí no se puede cambiar nada. Póngase en contacto con la tienda.',
    network: 'No hemos podido conectar con la tienda. Compruebe su conexión e inténtelo de nuevo.',
    timeout: 'La tienda ha tardado demasiado en responder. Inténtelo de nuevo.',
    malformed: 'La tienda ha enviado una respuesta que no hemos podido leer. Inténtelo de nuevo en un momento.',
    unconfirmed:
      'Todavía no sabemos si su suscripción se ha prepagado: la tienda aún no ha respondido. No se puede prepagar ni cobrar dos veces. Vuelva a comprobarlo en un momento.',
    alreadyPrepaid: 'Esta suscripción ya estaba prepagada, así que no se ha cambiado nada ni se le ha cobrado nada.',
    badRequest: 'La tienda ha rechazado esta solicitud. Póngase en contacto con la tienda.',
    unauthorized: 'Su sesión ha caducado. Vuelva a cargar la página o inicie sesión de nuevo.',
    forbidden:
      phase === 'load'
        ? 'Esta suscripción no se puede mostrar aquí. Póngase en contacto con la tienda.'
        : 'Este cambio no está permitido aquí. Póngase en contacto con la tienda.',
    notFound:
      phase === 'load'
        ? 'No hemos encontrado esta suscripción. Compruebe que ha iniciado sesión con su propia cuenta.'
        : 'Ya no encontramos esta suscripción. Póngase en contacto con la tienda.',
    locked: 'Su suscripción se está modificando en otro lugar en este momento. Inténtelo de nuevo en un momento.',
    rateLimited: 'Hay demasiadas solicitudes en este momento. Inténtelo de nuevo en unos segundos.',
    server: 'Se ha producido un error en la tienda. Inténtelo de nuevo en un momento.',
  })[kind];

const es: Strings = {
  heading: 'Prepague su suscripción',
  description: 'Pague varios pedidos de una sola vez y olvídese de pagar cada uno por separado.',
  loading: 'Cargando su suscripción…',
  finding: 'Buscando sus suscripciones…',
  pickerLegend: '¿Qué suscripción?',
  pricePerOrder: (price) => `${price} por pedido`,
  shipsEvery: (count, unit, price) => {
    const every = plural(LOCALE, count, {
      one: { day: 'Cada día', week: 'Cada semana', month: 'Cada mes' }[unit],
      many: { day: 'Cada # de días', week: 'Cada # de semanas', month: 'Cada # de meses' }[unit],
      other: { day: 'Cada # días', week: 'Cada # semanas', month: 'Cada # meses' }[unit],
    });
    return price ? `${every}, ${price} por pedido` : every;
  },
  pickerPrepaid: 'Ya prepagada',
  uncheckedSubscriptions: (count) =>
    plural(LOCALE, count, {
      one: 'No se ha podido comprobar otra suscripción en este momento. Vuelva a cargar la página para intentarlo de nuevo.',
      many: 'No se han podido comprobar otras # de suscripciones en este momento. Vuelva a cargar la página para intentarlo de nuevo.',
      other: 'No se han podido comprobar otras # suscripciones en este momento. Vuelva a cargar la página para intentarlo de nuevo.',
    }),
  pickerContinue: 'Continuar',
  pickerBack: 'Elegir otra suscripción',
  ordersLegend: '¿Cuántos pedidos desea prepagar?',
  ordersOption: orders,
  renewalLegend: 'Cuando se agoten sus pedidos prepagados',
  renewalOption: (behavior) =>
    ({ autorenew: 'Renovar automáticamente', cancel: 'Finalizar la suscripción', downgrade: 'Volver a pagar por pedido' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: plural(LOCALE, count, {
        one: 'Cuando se agoten, le cobramos el siguiente pedido en el momento en que se realice.',
        many: 'Cuando se agoten, le cobramos juntos los siguientes # de pedidos en el momento en que se realice el primero de ellos.',
        other: 'Cuando se agoten, le cobramos juntos los siguientes # pedidos en el momento en que se realice el primero de ellos.',
      }),
      cancel: 'Cuando se agoten, su suscripción finaliza.',
      downgrade: 'Cuando se agoten, vuelve a pagar cada pedido en el momento de su envío.',
    })[behavior],
  summaryHeading: 'Resumen',
  summary: (count, total, perOrder) =>
    total && perOrder ? `${billedAtNextOrder(count)}: ${total} (${number(count)} × ${perOrder}).` : `${billedAtNextOrder(count)}.`,
  billedOn: (date) => `Se le cobrará el ${date}, cuando se realice su próximo pedido.`,
  beforeTaxAndShipping: 'Estos importes no incluyen impuestos ni gastos de envío, que se añaden en su próximo pedido.',
  nothingChargedNow: 'Hoy no se le cobra nada.',
  saveUpTo: (percent) => `Ahorre hasta un ${percent}`,
  savings: (percent) => `Ahorre un ${percent}`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `Con un ${discount.percent} de descuento, ` : ''}${total} ${date ? `el ${date}` : 'en su próximo pedido'}${discount ? ` en lugar de ${discount.full}` : ''}${taxAndShippingExtra(taxed)}${discount ? `, es decir, ${discount.perOrder} por pedido` : ''}.`,
  summarySaving: (total, saving, percent) => `Con el descuento del ${percent} por prepago: ${total}; ahorra ${saving}.`,
  finalPriceNote: 'Importe estimado: la tienda confirma el precio final al facturar su próximo pedido.',
  submit: (count) => `Prepagar ${orders(count)}`,
  submitting: 'Actualizando su suscripción…',
  successHeading: 'Su suscripción ya es prepagada',
  successBody: (count, total) =>
    total
      ? `${billedAtNextOrder(count)}, por un importe estimado de ${total}. Hoy no se le ha cobrado nada.`
      : `${billedAtNextOrder(count)}. Hoy no se le ha cobrado nada.`,
  nextOrderBills: (date, total, count, charges) =>
    `En su próximo pedido, el ${date}, se le cobrará un importe de ${total} por ${orders(count)}${charges ? `: ${charges}` : ''}. Hoy no se le ha cobrado nada.`,
  charges: (subTotal, tax, shipping) =>
    `${subTotal}, más ${[tax && `${tax} de impuestos`, shipping && `${shipping} de gastos de envío`].filter(Boolean).join(' y ')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `En su próximo pedido, el ${date}, se le cobrará un importe de ${subTotal} por ${orders(count)}, al que pueden añadirse impuestos y gastos de envío. Hoy no se le ha cobrado nada.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'Esta suscripción ya es prepagada.',
      'not-live': 'Esta suscripción ya no está activa, por lo que no se puede prepagar.',
      'product-not-eligible': `La tienda no ofrece la posibilidad de prepagar ${productName || 'este producto'}.`,
      'none-upgradeable': 'Ninguna de sus suscripciones se puede prepagar.',
      'no-subscriptions': 'No tiene ninguna suscripción activa en esta tienda.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live': 'Para prepagar sus pedidos, vuelva a suscribirse; una nueva suscripción sí se puede prepagar.',
      'product-not-eligible': 'Su suscripción continúa como hasta ahora: paga cada pedido en el momento de su envío.',
      'none-upgradeable': 'Sus suscripciones continúan como hasta ahora: paga cada pedido en el momento de su envío.',
      'no-subscriptions': 'Cuando se suscriba a un producto, podrá prepagar aquí sus pedidos.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'Todas ellas ya son prepagadas.',
      'not-live': 'Ninguna de ellas está activa.',
      'product-not-eligible': 'La tienda no ofrece la posibilidad de prepagar los productos de sus suscripciones.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({ prepaid: 'Su suscripción prepagada', ineligible: 'El prepago no está disponible', picker: 'Prepague una de sus suscripciones' })[
      state
    ],
  pickerDescription: 'Elija una suscripción y, después, cuántos de sus pedidos desea pagar de una sola vez.',
  cancelledOn: (date) => `Cancelada el ${date}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} por facturación; ${plural(LOCALE, ordersRemaining, {
          one: 'queda # pedido prepagado',
          many: 'quedan # de pedidos prepagados',
          other: 'quedan # pedidos prepagados',
        })}.`
      : `${plural(LOCALE, ordersPerBilling, {
          one: '# pedido prepagado, que se cobra',
          many: '# de pedidos prepagados, que se cobran',
          other: '# pedidos prepagados, que se cobran',
        })} con su próximo pedido${nextOrderDate ? `, el ${nextOrderDate}` : ''}.`) +
    (renewalBehavior
      ? ` Cuando se agoten, ${{ autorenew: 'la suscripción se renueva automáticamente', cancel: 'la suscripción finaliza', downgrade: 'la suscripción vuelve al pago por pedido' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `Próximo pedido el ${date}.`,
  manageLegend: 'Cambiar lo que ocurre cuando se agoten',
  manageSubmit: 'Guardar el cambio',
  savingChange: 'Guardando su cambio…',
  renewalChanged: (behavior) =>
    `Guardado. Cuando se agoten sus pedidos prepagados, ${{ autorenew: 'su suscripción se renovará automáticamente', cancel: 'su suscripción finalizará', downgrade: 'volverá a pagar por pedido' }[behavior]}.`,
  changeUnconfirmed: 'Todavía no sabemos si su cambio se ha guardado: la tienda aún no ha respondido. Vuelva a comprobarlo en un momento.',
  checking: (phase) =>
    phase === 'upgrade' ? 'Comprobando si su suscripción se ha prepagado…' : 'Comprobando si su cambio se ha guardado…',
  checkAgain: 'Volver a comprobar',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'Su suscripción no se ha prepagado y no se le ha cobrado nada.' : 'Su cambio no se ha guardado.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) =>
    `La tienda no ha aceptado su elección en «${heading}». Elija otra opción o póngase en contacto con la tienda.`,
  retry: 'Volver a intentarlo',
  reload: 'Volver a cargar la página',
};

export default es;
