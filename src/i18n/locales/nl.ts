import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'nl';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

const orders = (count: number) => plural(LOCALE, count, { one: '# bestelling', other: '# bestellingen' });
const prepaidOrders = (count: number) =>
  plural(LOCALE, count, { one: '# vooruitbetaalde bestelling', other: '# vooruitbetaalde bestellingen' });

/** The note after an amount to which the next order adds tax and shipping. */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? ', exclusief belasting en verzendkosten' : '');

const billedAtNextOrder = (count: number) =>
  plural(LOCALE, count, {
    one: 'Bij uw volgende bestelling wordt # bestelling in rekening gebracht',
    other: 'Bij uw volgende bestelling worden # bestellingen samen in rekening gebracht',
  });

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config: 'Dit formulier is niet goed ingesteld, dus hier kan niets worden gewijzigd. Neem contact op met de winkel.',
    network: 'We konden de winkel niet bereiken. Controleer uw verbinding en probeer het opnieuw.',
    timeout: 'Het duurde te lang voordat de winkel antwoordde. Probeer het opnieuw.',
    malformed: 'De winkel stuurde een antwoord dat we niet konden lezen. Probeer het zo opnieuw.',
    unconfirmed:
      'We weten nog niet of uw abonnement is vooruitbetaald: de winkel heeft nog niet geantwoord. Het kan niet twee keer worden vooruitbetaald of in rekening gebracht. Controleer het zo opnieuw.',
    alreadyPrepaid: 'Dit abonnement was al vooruitbetaald, dus er is niets gewijzigd en niets in rekening gebracht.',
    badRequest: 'De winkel heeft dit verzoek geweigerd. Neem contact op met de winkel.',
    unauthorized: 'Uw sessie is verlopen. Laad de pagina opnieuw of log opnieuw in.',
    forbidden:
      phase === 'load'
        ? 'Dit abonnement kan hier niet worden getoond. Neem contact op met de winkel.'
        : 'Deze wijziging is hier niet toegestaan. Neem contact op met de winkel.',
    notFound:
      phase === 'load'
        ? 'We konden dit abonnement niet vinden. Controleer of u bent ingelogd op uw eigen account.'
        : 'We konden dit abonnement niet meer vinden. Neem contact op met de winkel.',
    locked: 'Uw abonnement wordt op dit moment ergens anders gewijzigd. Probeer het zo opnieuw.',
    rateLimited: 'Er zijn op dit moment te veel verzoeken. Probeer het over een paar seconden opnieuw.',
    server: 'Er is bij de winkel iets misgegaan. Probeer het zo opnieuw.',
  })[kind];

const nl: Strings = {
  heading: 'Betaal uw abonnement vooruit',
  description: 'Betaal meerdere bestellingen in één keer, zodat u niet meer aan elke bestelling afzonderlijk hoeft te denken.',
  loading: 'Uw abonnement wordt geladen…',
  finding: 'Uw abonnementen worden gezocht…',
  pickerLegend: 'Welk abonnement?',
  pricePerOrder: (price) => `${price} per bestelling`,
  shipsEvery: (count, unit, price) => {
    const every = plural(LOCALE, count, {
      one: { day: 'Elke dag', week: 'Elke week', month: 'Elke maand' }[unit],
      other: { day: 'Om de # dagen', week: 'Om de # weken', month: 'Om de # maanden' }[unit],
    });
    return price ? `${every}, ${price} per bestelling` : every;
  },
  pickerPrepaid: 'Al vooruitbetaald',
  uncheckedSubscriptions: (count) =>
    plural(LOCALE, count, {
      one: '# ander abonnement kon op dit moment niet worden gecontroleerd. Laad de pagina opnieuw om het nog eens te proberen.',
      other: '# andere abonnementen konden op dit moment niet worden gecontroleerd. Laad de pagina opnieuw om het nog eens te proberen.',
    }),
  pickerContinue: 'Doorgaan',
  pickerBack: 'Ander abonnement kiezen',
  ordersLegend: 'Hoeveel bestellingen wilt u vooruitbetalen?',
  ordersOption: orders,
  renewalLegend: 'Als uw vooruitbetaalde bestellingen op zijn',
  renewalOption: (behavior) =>
    ({ autorenew: 'Automatisch verlengen', cancel: 'Abonnement beëindigen', downgrade: 'Terug naar betalen per bestelling' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: plural(LOCALE, count, {
        one: 'Als ze op zijn, brengen we de volgende bestelling in rekening wanneer die wordt geplaatst.',
        other: 'Als ze op zijn, brengen we de volgende # bestellingen samen in rekening wanneer de eerste daarvan wordt geplaatst.',
      }),
      cancel: 'Als ze op zijn, eindigt uw abonnement.',
      downgrade: 'Als ze op zijn, betaalt u weer voor elke bestelling wanneer die wordt verzonden.',
    })[behavior],
  summaryHeading: 'Overzicht',
  summary: (count, total, perOrder) =>
    total && perOrder ? `${billedAtNextOrder(count)}: ${total} (${number(count)} × ${perOrder}).` : `${billedAtNextOrder(count)}.`,
  billedOn: (date) => `De facturering vindt plaats op ${date}, wanneer uw volgende bestelling wordt geplaatst.`,
  beforeTaxAndShipping: 'Deze bedragen zijn exclusief belasting en verzendkosten, die bij uw volgende bestelling worden toegevoegd.',
  nothingChargedNow: 'Er wordt vandaag niets in rekening gebracht.',
  saveUpTo: (percent) => `Bespaar tot ${percent}`,
  savings: (percent) => `Bespaar ${percent}`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `Met ${discount.percent} korting: ` : ''}${total} ${date ? `op ${date}` : 'bij uw volgende bestelling'}${discount ? ` in plaats van ${discount.full}` : ''}${taxAndShippingExtra(taxed)}${discount ? `, dus ${discount.perOrder} per bestelling` : ''}.`,
  summarySaving: (total, saving, percent) => `Met de vooruitbetalingskorting van ${percent}: ${total}, u bespaart ${saving}.`,
  finalPriceNote: 'Geschat bedrag: de winkel bevestigt de definitieve prijs wanneer uw volgende bestelling wordt gefactureerd.',
  submit: (count) => `${orders(count)} vooruitbetalen`,
  submitting: 'Uw abonnement wordt omgezet…',
  successHeading: 'Uw abonnement is nu vooruitbetaald',
  successBody: (count, total) =>
    total
      ? `${billedAtNextOrder(count)}, naar schatting ${total}. Er is vandaag niets in rekening gebracht.`
      : `${billedAtNextOrder(count)}. Er is vandaag niets in rekening gebracht.`,
  nextOrderBills: (date, total, count, charges) =>
    `Bij uw volgende bestelling, op ${date}, brengen we ${total} in rekening voor ${orders(count)}${charges ? `: ${charges}` : ''}. Er is vandaag niets in rekening gebracht.`,
  charges: (subTotal, tax, shipping) =>
    `${subTotal}, plus ${[tax && `${tax} belasting`, shipping && `${shipping} verzendkosten`].filter(Boolean).join(' en ')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `Bij uw volgende bestelling, op ${date}, brengen we ${subTotal} in rekening voor ${orders(count)}; daar kunnen nog belasting en verzendkosten bij komen. Er is vandaag niets in rekening gebracht.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'Dit abonnement is al vooruitbetaald.',
      'not-live': 'Dit abonnement is niet meer actief en kan daarom niet worden vooruitbetaald.',
      'product-not-eligible': `De winkel biedt geen vooruitbetaling aan voor ${productName || 'dit product'}.`,
      'none-upgradeable': 'Geen van uw abonnementen kan worden vooruitbetaald.',
      'no-subscriptions': 'U heeft geen actieve abonnementen bij deze winkel.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live':
        'Om de bestellingen vooruit te betalen, kunt u opnieuw een abonnement nemen; een nieuw abonnement kan wel worden vooruitbetaald.',
      'product-not-eligible': 'Uw abonnement loopt gewoon door: u betaalt voor elke bestelling wanneer die wordt verzonden.',
      'none-upgradeable': 'Uw abonnementen lopen gewoon door: u betaalt voor elke bestelling wanneer die wordt verzonden.',
      'no-subscriptions': 'Zodra u een abonnement op een product neemt, kunt u de bestellingen ervan hier vooruitbetalen.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'Ze zijn allemaal al vooruitbetaald.',
      'not-live': 'Ze zijn geen van alle actief.',
      'product-not-eligible': 'De winkel biedt geen vooruitbetaling aan voor de producten waarop u een abonnement heeft.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({
      prepaid: 'Uw vooruitbetaalde abonnement',
      ineligible: 'Vooruitbetalen is niet mogelijk',
      picker: 'Betaal een van uw abonnementen vooruit',
    })[state],
  pickerDescription: 'Kies een abonnement en daarna voor hoeveel bestellingen u in één keer wilt betalen.',
  cancelledOn: (date) => `Opgezegd op ${date}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} per facturering, nog ${prepaidOrders(ordersRemaining)} over.`
      : `${prepaidOrders(ordersPerBilling)}, in rekening gebracht bij uw volgende bestelling${nextOrderDate ? ` op ${nextOrderDate}` : ''}.`) +
    (renewalBehavior
      ? ` Als ze op zijn, ${{ autorenew: 'wordt het abonnement automatisch verlengd', cancel: 'eindigt het abonnement', downgrade: 'betaalt u weer per bestelling' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `Volgende bestelling op ${date}.`,
  manageLegend: 'Wijzigen wat er gebeurt als ze op zijn',
  manageSubmit: 'Wijziging opslaan',
  savingChange: 'Uw wijziging wordt opgeslagen…',
  renewalChanged: (behavior) =>
    `Opgeslagen. Als uw vooruitbetaalde bestellingen op zijn, ${{ autorenew: 'wordt uw abonnement automatisch verlengd', cancel: 'eindigt uw abonnement', downgrade: 'betaalt u weer per bestelling' }[behavior]}.`,
  changeUnconfirmed: 'We weten nog niet of uw wijziging is opgeslagen: de winkel heeft nog niet geantwoord. Controleer het zo opnieuw.',
  checking: (phase) =>
    phase === 'upgrade' ? 'We controleren of uw abonnement is vooruitbetaald…' : 'We controleren of uw wijziging is opgeslagen…',
  checkAgain: 'Opnieuw controleren',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'Uw abonnement is niet vooruitbetaald en er is niets in rekening gebracht.' : 'Uw wijziging is niet opgeslagen.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) =>
    `De winkel heeft uw keuze bij ‘${heading}’ niet aanvaard. Maak een andere keuze of neem contact op met de winkel.`,
  retry: 'Opnieuw proberen',
  reload: 'Pagina opnieuw laden',
};

export default nl;
