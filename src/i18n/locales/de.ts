import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'de';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

const orders = (count: number) => plural(LOCALE, count, { one: '# Bestellung', other: '# Bestellungen' });
const prepaidOrders = (count: number) =>
  plural(LOCALE, count, { one: '# vorausbezahlte Bestellung', other: '# vorausbezahlte Bestellungen' });

/** The note after an amount to which the next order adds tax and shipping. */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? ', zuzüglich Steuern und Versandkosten' : '');

const billedAtNextOrder = (count: number) =>
  plural(LOCALE, count, {
    one: 'Bei Ihrer nächsten Bestellung wird # Bestellung berechnet',
    other: 'Bei Ihrer nächsten Bestellung werden # Bestellungen zusammen berechnet',
  });

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config: 'Dieses Formular ist nicht richtig eingerichtet, daher kann hier nichts geändert werden. Bitte wenden Sie sich an den Shop.',
    network: 'Wir konnten den Shop nicht erreichen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    timeout: 'Der Shop hat zu lange für die Antwort gebraucht. Bitte versuchen Sie es erneut.',
    malformed: 'Der Shop hat eine Antwort gesendet, die wir nicht lesen konnten. Bitte versuchen Sie es gleich noch einmal.',
    unconfirmed:
      'Wir wissen noch nicht, ob Ihr Abonnement auf Vorauszahlung umgestellt wurde: Der Shop hat noch nicht geantwortet. Es kann weder doppelt umgestellt noch doppelt berechnet werden. Bitte prüfen Sie es gleich noch einmal.',
    alreadyPrepaid: 'Dieses Abonnement war bereits vorausbezahlt. Daher wurde nichts geändert und nichts berechnet.',
    badRequest: 'Der Shop hat diese Anfrage abgelehnt. Bitte wenden Sie sich an den Shop.',
    unauthorized: 'Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu oder melden Sie sich erneut an.',
    forbidden:
      phase === 'load'
        ? 'Dieses Abonnement kann hier nicht angezeigt werden. Bitte wenden Sie sich an den Shop.'
        : 'Diese Änderung ist hier nicht zulässig. Bitte wenden Sie sich an den Shop.',
    notFound:
      phase === 'load'
        ? 'Wir konnten dieses Abonnement nicht finden. Bitte prüfen Sie, ob Sie mit Ihrem eigenen Konto angemeldet sind.'
        : 'Wir konnten dieses Abonnement nicht mehr finden. Bitte wenden Sie sich an den Shop.',
    locked: 'Ihr Abonnement wird gerade an anderer Stelle geändert. Bitte versuchen Sie es gleich noch einmal.',
    rateLimited: 'Derzeit gehen zu viele Anfragen ein. Bitte versuchen Sie es in einigen Sekunden erneut.',
    server: 'Beim Shop ist ein Fehler aufgetreten. Bitte versuchen Sie es gleich noch einmal.',
  })[kind];

const de: Strings = {
  heading: 'Abonnement im Voraus bezahlen',
  description: 'Bezahlen Sie mehrere Bestellungen auf einmal – dann müssen Sie sich nicht mehr um jede einzelne kümmern.',
  loading: 'Ihr Abonnement wird geladen…',
  finding: 'Ihre Abonnements werden gesucht…',
  pickerLegend: 'Welches Abonnement?',
  pricePerOrder: (price) => `${price} pro Bestellung`,
  shipsEvery: (count, unit, price) => {
    const every = plural(LOCALE, count, {
      one: { day: 'Jeden Tag', week: 'Jede Woche', month: 'Jeden Monat' }[unit],
      other: { day: 'Alle # Tage', week: 'Alle # Wochen', month: 'Alle # Monate' }[unit],
    });
    return price ? `${every}, ${price} pro Bestellung` : every;
  },
  pickerPrepaid: 'Bereits vorausbezahlt',
  uncheckedSubscriptions: (count) =>
    plural(LOCALE, count, {
      one: '# weiteres Abonnement konnte gerade nicht geprüft werden. Bitte laden Sie die Seite neu, um es erneut zu versuchen.',
      other: '# weitere Abonnements konnten gerade nicht geprüft werden. Bitte laden Sie die Seite neu, um es erneut zu versuchen.',
    }),
  pickerContinue: 'Weiter',
  pickerBack: 'Anderes Abonnement auswählen',
  ordersLegend: 'Wie viele Bestellungen möchten Sie im Voraus bezahlen?',
  ordersOption: orders,
  renewalLegend: 'Wenn Ihre vorausbezahlten Bestellungen aufgebraucht sind',
  renewalOption: (behavior) =>
    ({ autorenew: 'Automatisch verlängern', cancel: 'Abonnement beenden', downgrade: 'Wieder pro Bestellung bezahlen' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: plural(LOCALE, count, {
        one: 'Wenn sie aufgebraucht sind, berechnen wir die nächste Bestellung, sobald sie aufgegeben wird.',
        other: 'Wenn sie aufgebraucht sind, berechnen wir die nächsten # Bestellungen zusammen, sobald die erste davon aufgegeben wird.',
      }),
      cancel: 'Wenn sie aufgebraucht sind, endet Ihr Abonnement.',
      downgrade: 'Wenn sie aufgebraucht sind, bezahlen Sie wieder jede Bestellung, sobald sie versandt wird.',
    })[behavior],
  summaryHeading: 'Zusammenfassung',
  summary: (count, total, perOrder) =>
    total && perOrder ? `${billedAtNextOrder(count)}: ${total} (${number(count)} × ${perOrder}).` : `${billedAtNextOrder(count)}.`,
  billedOn: (date) => `Abgerechnet wird am ${date}, wenn Ihre nächste Bestellung aufgegeben wird.`,
  beforeTaxAndShipping: 'Diese Beträge verstehen sich ohne Steuern und Versandkosten, die bei Ihrer nächsten Bestellung hinzukommen.',
  nothingChargedNow: 'Heute wird nichts berechnet.',
  saveUpTo: (percent) => `Bis zu ${percent} sparen`,
  savings: (percent) => `${percent} sparen`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `Mit ${discount.percent} Rabatt: ` : ''}${total} ${date ? `am ${date}` : 'bei Ihrer nächsten Bestellung'}${discount ? ` statt ${discount.full}` : ''}${taxAndShippingExtra(taxed)}${discount ? `, also ${discount.perOrder} pro Bestellung` : ''}.`,
  summarySaving: (total, saving, percent) => `Mit dem Vorauszahlungsrabatt von ${percent}: ${total}, Sie sparen ${saving}.`,
  finalPriceNote: 'Geschätzter Betrag: Der Shop bestätigt den endgültigen Preis, wenn er Ihre nächste Bestellung abrechnet.',
  submit: (count) => `${orders(count)} im Voraus bezahlen`,
  submitting: 'Ihr Abonnement wird umgestellt…',
  successHeading: 'Ihr Abonnement ist jetzt vorausbezahlt',
  successBody: (count, total) =>
    total
      ? `${billedAtNextOrder(count)}, voraussichtlich ${total}. Heute wurde nichts berechnet.`
      : `${billedAtNextOrder(count)}. Heute wurde nichts berechnet.`,
  nextOrderBills: (date, total, count, charges) =>
    `Bei Ihrer nächsten Bestellung am ${date} berechnen wir ${total} für ${orders(count)}${charges ? `: ${charges}` : ''}. Heute wurde nichts berechnet.`,
  charges: (subTotal, tax, shipping) =>
    `${subTotal} zuzüglich ${[tax && `${tax} Steuern`, shipping && `${shipping} Versandkosten`].filter(Boolean).join(' und ')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `Bei Ihrer nächsten Bestellung am ${date} berechnen wir ${subTotal} für ${orders(count)}; Steuern und Versandkosten können hinzukommen. Heute wurde nichts berechnet.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'Dieses Abonnement ist bereits vorausbezahlt.',
      'not-live': 'Dieses Abonnement ist nicht mehr aktiv und kann daher nicht im Voraus bezahlt werden.',
      'product-not-eligible': `Der Shop bietet für ${productName || 'dieses Produkt'} keine Vorauszahlung an.`,
      'none-upgradeable': 'Keines Ihrer Abonnements kann im Voraus bezahlt werden.',
      'no-subscriptions': 'Sie haben bei diesem Shop keine aktiven Abonnements.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live':
        'Wenn Sie Bestellungen im Voraus bezahlen möchten, schließen Sie das Abonnement bitte erneut ab; ein neues Abonnement kann im Voraus bezahlt werden.',
      'product-not-eligible': 'Ihr Abonnement läuft unverändert weiter: Sie bezahlen jede Bestellung, sobald sie versandt wird.',
      'none-upgradeable': 'Ihre Abonnements laufen unverändert weiter: Sie bezahlen jede Bestellung, sobald sie versandt wird.',
      'no-subscriptions': 'Sobald Sie ein Produkt abonniert haben, können Sie dessen Bestellungen hier im Voraus bezahlen.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'Alle sind bereits vorausbezahlt.',
      'not-live': 'Keines davon ist aktiv.',
      'product-not-eligible': 'Der Shop bietet für die Produkte, die Sie abonniert haben, keine Vorauszahlung an.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({
      prepaid: 'Ihr vorausbezahltes Abonnement',
      ineligible: 'Vorauszahlung nicht möglich',
      picker: 'Eines Ihrer Abonnements im Voraus bezahlen',
    })[state],
  pickerDescription: 'Wählen Sie ein Abonnement und dann, wie viele seiner Bestellungen Sie auf einmal bezahlen möchten.',
  cancelledOn: (date) => `Gekündigt am ${date}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} pro Abrechnung, noch ${prepaidOrders(ordersRemaining)} übrig.`
      : `${prepaidOrders(ordersPerBilling)}, berechnet bei Ihrer nächsten Bestellung${nextOrderDate ? ` am ${nextOrderDate}` : ''}.`) +
    (renewalBehavior
      ? ` Wenn sie aufgebraucht sind, ${{ autorenew: 'wird das Abonnement automatisch verlängert', cancel: 'endet das Abonnement', downgrade: 'bezahlen Sie wieder pro Bestellung' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `Nächste Bestellung am ${date}.`,
  manageLegend: 'Ändern, was geschieht, wenn sie aufgebraucht sind',
  manageSubmit: 'Änderung speichern',
  savingChange: 'Ihre Änderung wird gespeichert…',
  renewalChanged: (behavior) =>
    `Gespeichert. Wenn Ihre vorausbezahlten Bestellungen aufgebraucht sind, ${{ autorenew: 'wird Ihr Abonnement automatisch verlängert', cancel: 'endet Ihr Abonnement', downgrade: 'bezahlen Sie wieder pro Bestellung' }[behavior]}.`,
  changeUnconfirmed:
    'Wir wissen noch nicht, ob Ihre Änderung gespeichert wurde: Der Shop hat noch nicht geantwortet. Bitte prüfen Sie es gleich noch einmal.',
  checking: (phase) =>
    phase === 'upgrade'
      ? 'Es wird geprüft, ob Ihr Abonnement auf Vorauszahlung umgestellt wurde…'
      : 'Es wird geprüft, ob Ihre Änderung gespeichert wurde…',
  checkAgain: 'Erneut prüfen',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'Ihr Abonnement wurde nicht auf Vorauszahlung umgestellt, und es wurde nichts berechnet.' : 'Ihre Änderung wurde nicht gespeichert.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) =>
    `Der Shop hat Ihre Auswahl bei „${heading}“ nicht angenommen. Bitte treffen Sie eine andere Auswahl oder wenden Sie sich an den Shop.`,
  retry: 'Erneut versuchen',
  reload: 'Seite neu laden',
};

export default de;
