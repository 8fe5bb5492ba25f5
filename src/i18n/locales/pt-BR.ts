import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'pt-BR';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

// Brazilian Portuguese plural rules: `one` covers 0 and 1. `many` is used for large round numbers ("1.000.000 de
// pedidos").
const orders = (count: number) => plural(LOCALE, count, { one: '# pedido', many: '# de pedidos', other: '# pedidos' });

/** The note after an amount to which the next order adds tax and shipping. */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? ', sem impostos nem frete' : '');

const billedAtNextOrder = (count: number) =>
  plural(LOCALE, count, {
    one: 'No seu próximo pedido, será cobrado # pedido',
    many: 'No seu próximo pedido, serão cobrados # de pedidos de uma só vez',
    other: 'No seu próximo pedido, serão cobrados # pedidos de uma só vez',
  });

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config: 'Este formulário não está configurado corretamente, por isso nada pode ser alterado aqui. Entre em contato com a loja.',
    network: 'Não foi possível acessar a loja. Verifique sua conexão e tente novamente.',
    timeout: 'A loja demorou demais para responder. Tente novamente.',
    malformed: 'A loja enviou uma resposta que não conseguimos ler. Tente novamente em instantes.',
    unconfirmed:
      'Ainda não sabemos se sua assinatura passou a ser pré-paga: a loja ainda não respondeu. Ela não pode ser paga antecipadamente nem cobrada duas vezes. Verifique novamente em instantes.',
    alreadyPrepaid: 'Esta assinatura já era pré-paga, por isso nada foi alterado e nada foi cobrado.',
    badRequest: 'A loja recusou esta solicitação. Entre em contato com a loja.',
    unauthorized: 'Sua sessão expirou. Recarregue a página ou entre novamente.',
    forbidden:
      phase === 'load'
        ? 'Esta assinatura não pode ser exibida aqui. Entre em contato com a loja.'
        : 'Esta alteração não é permitida aqui. Entre em contato com a loja.',
    notFound:
      phase === 'load'
        ? 'Não encontramos esta assinatura. Verifique se você entrou na sua própria conta.'
        : 'Não encontramos mais esta assinatura. Entre em contato com a loja.',
    locked: 'Sua assinatura está sendo alterada em outro lugar neste momento. Tente novamente em instantes.',
    rateLimited: 'Há muitas solicitações no momento. Tente novamente em alguns segundos.',
    server: 'Algo deu errado na loja. Tente novamente em instantes.',
  })[kind];

const ptBR: Strings = {
  heading: 'Pague sua assinatura antecipadamente',
  description: 'Pague vários pedidos de uma só vez e não se preocupe mais com cada um deles.',
  loading: 'Carregando sua assinatura…',
  finding: 'Procurando suas assinaturas…',
  pickerLegend: 'Qual assinatura?',
  pricePerOrder: (price) => `${price} por pedido`,
  shipsEvery: (count, unit, price) => {
    const every = plural(LOCALE, count, {
      one: { day: 'Todos os dias', week: 'Todas as semanas', month: 'Todos os meses' }[unit],
      many: { day: 'A cada # de dias', week: 'A cada # de semanas', month: 'A cada # de meses' }[unit],
      other: { day: 'A cada # dias', week: 'A cada # semanas', month: 'A cada # meses' }[unit],
    });
    return price ? `${every}, ${price} por pedido` : every;
  },
  pickerPrepaid: 'Já pré-paga',
  uncheckedSubscriptions: (count) =>
    plural(LOCALE, count, {
      one: 'Não foi possível verificar outra assinatura no momento. Recarregue a página para tentar novamente.',
      many: 'Não foi possível verificar outras # de assinaturas no momento. Recarregue a página para tentar novamente.',
      other: 'Não foi possível verificar outras # assinaturas no momento. Recarregue a página para tentar novamente.',
    }),
  pickerContinue: 'Continuar',
  pickerBack: 'Escolher outra assinatura',
  ordersLegend: 'Quantos pedidos você quer pagar antecipadamente?',
  ordersOption: orders,
  renewalLegend: 'Quando seus pedidos pré-pagos acabarem',
  renewalOption: (behavior) =>
    ({ autorenew: 'Renovar automaticamente', cancel: 'Encerrar a assinatura', downgrade: 'Voltar a pagar por pedido' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: plural(LOCALE, count, {
        one: 'Quando eles acabarem, cobramos o próximo pedido assim que ele for feito.',
        many: 'Quando eles acabarem, cobramos os próximos # de pedidos de uma só vez, assim que o primeiro deles for feito.',
        other: 'Quando eles acabarem, cobramos os próximos # pedidos de uma só vez, assim que o primeiro deles for feito.',
      }),
      cancel: 'Quando eles acabarem, sua assinatura é encerrada.',
      downgrade: 'Quando eles acabarem, você volta a pagar cada pedido à medida que ele for enviado.',
    })[behavior],
  summaryHeading: 'Resumo',
  summary: (count, total, perOrder) =>
    total && perOrder ? `${billedAtNextOrder(count)}: ${total} (${number(count)} × ${perOrder}).` : `${billedAtNextOrder(count)}.`,
  billedOn: (date) => `A cobrança será feita em ${date}, quando seu próximo pedido for realizado.`,
  beforeTaxAndShipping: 'Esses valores não incluem impostos nem frete, que serão acrescentados no seu próximo pedido.',
  nothingChargedNow: 'Nada é cobrado hoje.',
  saveUpTo: (percent) => `Economize até ${percent}`,
  savings: (percent) => `Economize ${percent}`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `Com ${discount.percent} de desconto, ` : ''}${total} ${date ? `em ${date}` : 'no seu próximo pedido'}${discount ? ` em vez de ${discount.full}` : ''}${taxAndShippingExtra(taxed)}${discount ? `, ou seja, ${discount.perOrder} por pedido` : ''}.`,
  summarySaving: (total, saving, percent) => `Com o desconto de ${percent} no pré-pagamento: ${total}, você economiza ${saving}.`,
  finalPriceNote: 'Valor estimado: a loja confirma o preço final ao cobrar seu próximo pedido.',
  submit: (count) => `Pagar ${orders(count)} antecipadamente`,
  submitting: 'Atualizando sua assinatura…',
  successHeading: 'Sua assinatura agora é pré-paga',
  successBody: (count, total) =>
    total
      ? `${billedAtNextOrder(count)}, no valor estimado de ${total}. Nada foi cobrado hoje.`
      : `${billedAtNextOrder(count)}. Nada foi cobrado hoje.`,
  nextOrderBills: (date, total, count, charges) =>
    `No seu próximo pedido, em ${date}, será cobrado o valor de ${total} por ${orders(count)}${charges ? `: ${charges}` : ''}. Nada foi cobrado hoje.`,
  charges: (subTotal, tax, shipping) =>
    `${subTotal}, mais ${[tax && `${tax} de impostos`, shipping && `${shipping} de frete`].filter(Boolean).join(' e ')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `No seu próximo pedido, em ${date}, será cobrado o valor de ${subTotal} por ${orders(count)}, ao qual podem ser acrescentados impostos e frete. Nada foi cobrado hoje.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'Esta assinatura já é pré-paga.',
      'not-live': 'Esta assinatura não está mais ativa, por isso não pode ser paga antecipadamente.',
      'product-not-eligible': `A loja não oferece pagamento antecipado para ${productName || 'este produto'}.`,
      'none-upgradeable': 'Nenhuma das suas assinaturas pode ser paga antecipadamente.',
      'no-subscriptions': 'Você não tem assinaturas ativas nesta loja.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live': 'Para pagar os pedidos antecipadamente, assine novamente: uma nova assinatura pode ser pré-paga.',
      'product-not-eligible': 'Sua assinatura continua como está: você paga cada pedido à medida que ele for enviado.',
      'none-upgradeable': 'Suas assinaturas continuam como estão: você paga cada pedido à medida que ele for enviado.',
      'no-subscriptions': 'Depois que você assinar um produto, poderá pagar os pedidos dele antecipadamente aqui.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'Todas elas já são pré-pagas.',
      'not-live': 'Nenhuma delas está ativa.',
      'product-not-eligible': 'A loja não oferece pagamento antecipado para os produtos que você assina.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({
      prepaid: 'Sua assinatura pré-paga',
      ineligible: 'Pagamento antecipado indisponível',
      picker: 'Pague uma das suas assinaturas antecipadamente',
    })[state],
  pickerDescription: 'Escolha uma assinatura e, depois, por quantos pedidos dela você quer pagar de uma só vez.',
  cancelledOn: (date) => `Cancelada em ${date}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} por cobrança; ${plural(LOCALE, ordersRemaining, {
          one: 'resta # pedido pré-pago',
          many: 'restam # de pedidos pré-pagos',
          other: 'restam # pedidos pré-pagos',
        })}.`
      : `${plural(LOCALE, ordersPerBilling, {
          one: '# pedido pré-pago, cobrado',
          many: '# de pedidos pré-pagos, cobrados',
          other: '# pedidos pré-pagos, cobrados',
        })} no seu próximo pedido${nextOrderDate ? `, em ${nextOrderDate}` : ''}.`) +
    (renewalBehavior
      ? ` Quando eles acabarem, ${{ autorenew: 'a assinatura é renovada automaticamente', cancel: 'a assinatura é encerrada', downgrade: 'você volta a pagar por pedido' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `Próximo pedido em ${date}.`,
  manageLegend: 'Alterar o que acontece quando eles acabarem',
  manageSubmit: 'Salvar alteração',
  savingChange: 'Salvando sua alteração…',
  renewalChanged: (behavior) =>
    `Salvo. Quando seus pedidos pré-pagos acabarem, ${{ autorenew: 'sua assinatura será renovada automaticamente', cancel: 'sua assinatura será encerrada', downgrade: 'você voltará a pagar por pedido' }[behavior]}.`,
  changeUnconfirmed: 'Ainda não sabemos se sua alteração foi salva: a loja ainda não respondeu. Verifique novamente em instantes.',
  checking: (phase) =>
    phase === 'upgrade' ? 'Verificando se sua assinatura passou a ser pré-paga…' : 'Verificando se sua alteração foi salva…',
  checkAgain: 'Verificar novamente',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'Sua assinatura não passou a ser pré-paga, e nada foi cobrado.' : 'Sua alteração não foi salva.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) => `A loja não aceitou sua escolha em “${heading}”. Escolha outra opção ou entre em contato com a loja.`,
  retry: 'Tentar novamente',
  reload: 'Recarregar a página',
};

export default ptBR;
