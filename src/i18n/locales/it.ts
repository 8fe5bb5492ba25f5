import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'it';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

// Italian plural rules: `many` is used for large round numbers («1.000.000 di ordini»).
const orders = (count: number) => plural(LOCALE, count, { one: '# ordine', many: '# di ordini', other: '# ordini' });

/** The note after an amount to which the next order adds tax and shipping. */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? ', tasse e spedizione escluse' : '');

const billedAtNextOrder = (count: number) =>
  plural(LOCALE, count, {
    one: 'Al prossimo ordine le verrà addebitato # ordine',
    many: 'Al prossimo ordine le verranno addebitati insieme # di ordini',
    other: 'Al prossimo ordine le verranno addebitati insieme # ordini',
  });

// The article before a date elides when the day is read starting with a vowel:
// «l’8 dicembre», «l’11 gennaio», but «il 5 dicembre».
const theDate = (date: string) => (/^(?:8|11)(?!\d)/u.test(date) ? `l’${date}` : `il ${date}`);

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config:
      'Questo modulo non è configurato correttamente, quindi qui non è possibile apportare modifiche. La preghiamo di contattare il negozio.',
    network: 'Non siamo riusciti a raggiungere il negozio. Verifichi la connessione e riprovi.',
    timeout: 'Il negozio ha impiegato troppo tempo a rispondere. Riprovi.',
    malformed: 'Il negozio ha inviato una risposta che non siamo riusciti a leggere. Riprovi tra un momento.',
    unconfirmed:
      'Non sappiamo ancora se il suo abbonamento è stato prepagato: il negozio non ha ancora risposto. Non può essere prepagato né addebitato due volte. Controlli di nuovo tra un momento.',
    alreadyPrepaid: 'Questo abbonamento era già prepagato, quindi non è stato modificato nulla e non le è stato addebitato nulla.',
    badRequest: 'Il negozio ha rifiutato questa richiesta. La preghiamo di contattare il negozio.',
    unauthorized: 'La sessione è scaduta. Ricarichi la pagina o acceda di nuovo.',
    forbidden:
      phase === 'load'
        ? 'Questo abbonamento non può essere visualizzato qui. La preghiamo di contattare il negozio.'
        : 'Questa modifica non è consentita qui. La preghiamo di contattare il negozio.',
    notFound:
      phase === 'load'
        ? 'Non siamo riusciti a trovare questo abbonamento. Verifichi di aver effettuato l’accesso con il suo account.'
        : 'Non riusciamo più a trovare questo abbonamento. La preghiamo di contattare il negozio.',
    locked: 'Il suo abbonamento è in fase di modifica altrove. Riprovi tra un momento.',
    rateLimited: 'Al momento ci sono troppe richieste. Riprovi tra qualche secondo.',
    server: 'Si è verificato un problema nel negozio. Riprovi tra un momento.',
  })[kind];

const it: Strings = {
  heading: 'Prepaghi il suo abbonamento',
  description: 'Paghi più ordini in una sola volta, senza doversi più occupare di ciascuno.',
  loading: 'Caricamento dell’abbonamento in corso…',
  finding: 'Ricerca dei suoi abbonamenti in corso…',
  pickerLegend: 'Quale abbonamento?',
  pricePerOrder: (price) => `${price} per ordine`,
  shipsEvery: (count, unit, price) => {
    const every = plural(LOCALE, count, {
      one: { day: 'Ogni giorno', week: 'Ogni settimana', month: 'Ogni mese' }[unit],
      many: { day: 'Ogni # di giorni', week: 'Ogni # di settimane', month: 'Ogni # di mesi' }[unit],
      other: { day: 'Ogni # giorni', week: 'Ogni # settimane', month: 'Ogni # mesi' }[unit],
    });
    return price ? `${every}, ${price} per ordine` : every;
  },
  pickerPrepaid: 'Già prepagato',
  uncheckedSubscriptions: (count) =>
    plural(LOCALE, count, {
      one: 'Al momento non è stato possibile verificare un altro abbonamento. Ricarichi la pagina per riprovare.',
      many: 'Al momento non è stato possibile verificare altri # di abbonamenti. Ricarichi la pagina per riprovare.',
      other: 'Al momento non è stato possibile verificare altri # abbonamenti. Ricarichi la pagina per riprovare.',
    }),
  pickerContinue: 'Continua',
  pickerBack: 'Scegli un altro abbonamento',
  ordersLegend: 'Quanti ordini desidera prepagare?',
  ordersOption: orders,
  renewalLegend: 'Quando i suoi ordini prepagati si esauriscono',
  renewalOption: (behavior) =>
    ({ autorenew: 'Rinnovo automatico', cancel: 'Fine dell’abbonamento', downgrade: 'Ritorno al pagamento per ordine' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: plural(LOCALE, count, {
        one: 'Una volta esauriti, addebitiamo l’ordine successivo nel momento in cui viene effettuato.',
        many: 'Una volta esauriti, addebitiamo insieme i # di ordini successivi nel momento in cui viene effettuato il primo di essi.',
        other: 'Una volta esauriti, addebitiamo insieme i # ordini successivi nel momento in cui viene effettuato il primo di essi.',
      }),
      cancel: 'Una volta esauriti, il suo abbonamento termina.',
      downgrade: 'Una volta esauriti, torna a pagare ogni ordine al momento della spedizione.',
    })[behavior],
  summaryHeading: 'Riepilogo',
  summary: (count, total, perOrder) =>
    total && perOrder ? `${billedAtNextOrder(count)}: ${total} (${number(count)} × ${perOrder}).` : `${billedAtNextOrder(count)}.`,
  billedOn: (date) => `L’addebito avverrà ${theDate(date)}, al momento del suo prossimo ordine.`,
  beforeTaxAndShipping: 'Questi importi non includono tasse e spese di spedizione, che si aggiungono al suo prossimo ordine.',
  nothingChargedNow: 'Oggi non le viene addebitato nulla.',
  saveUpTo: (percent) => `Risparmi fino al ${percent}`,
  savings: (percent) => `Risparmi il ${percent}`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `Con lo sconto del ${discount.percent}, ` : ''}${total} ${date ? theDate(date) : 'al prossimo ordine'}${discount ? ` invece di ${discount.full}` : ''}${taxAndShippingExtra(taxed)}${discount ? `, cioè ${discount.perOrder} per ordine` : ''}.`,
  summarySaving: (total, saving, percent) => `Con lo sconto del ${percent} sul prepagato: ${total}, risparmia ${saving}.`,
  finalPriceNote: 'Importo stimato: il negozio conferma il prezzo finale quando addebita il suo prossimo ordine.',
  submit: (count) => `Prepaga ${orders(count)}`,
  submitting: 'Aggiornamento dell’abbonamento in corso…',
  successHeading: 'Il suo abbonamento ora è prepagato',
  successBody: (count, total) =>
    total
      ? `${billedAtNextOrder(count)}, per un importo stimato di ${total}. Oggi non le è stato addebitato nulla.`
      : `${billedAtNextOrder(count)}. Oggi non le è stato addebitato nulla.`,
  nextOrderBills: (date, total, count, charges) =>
    `Al suo prossimo ordine, ${theDate(date)}, le verrà addebitato un importo di ${total} per ${orders(count)}${charges ? `: ${charges}` : ''}. Oggi non le è stato addebitato nulla.`,
  charges: (subTotal, tax, shipping) =>
    `${subTotal}, più ${[tax && `${tax} di tasse`, shipping && `${shipping} di spese di spedizione`].filter(Boolean).join(' e ')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `Al suo prossimo ordine, ${theDate(date)}, le verrà addebitato un importo di ${subTotal} per ${orders(count)}, a cui potranno aggiungersi tasse e spese di spedizione. Oggi non le è stato addebitato nulla.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'Questo abbonamento è già prepagato.',
      'not-live': 'Questo abbonamento non è più attivo, quindi non può essere prepagato.',
      'product-not-eligible': `Il negozio non offre la possibilità di prepagare ${productName || 'questo prodotto'}.`,
      'none-upgradeable': 'Nessuno dei suoi abbonamenti può essere prepagato.',
      'no-subscriptions': 'Non ha abbonamenti attivi presso questo negozio.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live': 'Per prepagarne gli ordini, si abboni di nuovo; un nuovo abbonamento può essere prepagato.',
      'product-not-eligible': 'Il suo abbonamento prosegue invariato: paga ogni ordine al momento della spedizione.',
      'none-upgradeable': 'I suoi abbonamenti proseguono invariati: paga ogni ordine al momento della spedizione.',
      'no-subscriptions': 'Quando si abbonerà a un prodotto, potrà prepagarne qui gli ordini.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'Sono già tutti prepagati.',
      'not-live': 'Nessuno di essi è attivo.',
      'product-not-eligible': 'Il negozio non offre la possibilità di prepagare i prodotti dei suoi abbonamenti.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({
      prepaid: 'Il suo abbonamento prepagato',
      ineligible: 'Il pagamento anticipato non è disponibile',
      picker: 'Prepaghi uno dei suoi abbonamenti',
    })[state],
  pickerDescription: 'Scelga un abbonamento, poi quanti dei suoi ordini desidera pagare in una sola volta.',
  cancelledOn: (date) => `Annullato ${theDate(date)}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} per addebito; ${plural(LOCALE, ordersRemaining, {
          one: 'resta # ordine prepagato',
          many: 'restano # di ordini prepagati',
          other: 'restano # ordini prepagati',
        })}.`
      : `${plural(LOCALE, ordersPerBilling, {
          one: '# ordine prepagato, addebitato',
          many: '# di ordini prepagati, addebitati',
          other: '# ordini prepagati, addebitati',
        })} al suo prossimo ordine${nextOrderDate ? `, ${theDate(nextOrderDate)}` : ''}.`) +
    (renewalBehavior
      ? ` Una volta esauriti, ${{ autorenew: 'l’abbonamento si rinnova automaticamente', cancel: 'l’abbonamento termina', downgrade: 'l’abbonamento torna al pagamento per ordine' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `Prossimo ordine ${theDate(date)}.`,
  manageLegend: 'Modifichi cosa succede quando si esauriscono',
  manageSubmit: 'Salva la modifica',
  savingChange: 'Salvataggio della modifica in corso…',
  renewalChanged: (behavior) =>
    `Salvato. Quando i suoi ordini prepagati si esauriranno, ${{ autorenew: 'l’abbonamento si rinnoverà automaticamente', cancel: 'l’abbonamento terminerà', downgrade: 'tornerà a pagare per ordine' }[behavior]}.`,
  changeUnconfirmed:
    'Non sappiamo ancora se la modifica è stata salvata: il negozio non ha ancora risposto. Controlli di nuovo tra un momento.',
  checking: (phase) =>
    phase === 'upgrade'
      ? 'Stiamo verificando se il suo abbonamento è stato prepagato…'
      : 'Stiamo verificando se la modifica è stata salvata…',
  checkAgain: 'Controlla di nuovo',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'Il suo abbonamento non è stato prepagato e non le è stato addebitato nulla.' : 'La modifica non è stata salvata.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) => `Il negozio non ha accettato la sua scelta per «${heading}». Ne scelga un’altra o contatti il negozio.`,
  retry: 'Riprova',
  reload: 'Ricarica la pagina',
};

export default it;
