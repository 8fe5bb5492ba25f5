import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'fr';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

// French plural rules: `one` covers 0 and 1. `many` is used for large round numbers (« 1 000 000 de commandes »).
const orders = (count: number) => plural(LOCALE, count, { one: '# commande', many: '# de commandes', other: '# commandes' });

/** The note after an amount to which the next order adds tax and shipping. */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? ', hors taxes et frais de livraison' : '');

const billedAtNextOrder = (count: number) =>
  plural(LOCALE, count, {
    one: 'Lors de votre prochaine commande, # commande sera facturée',
    many: 'Lors de votre prochaine commande, # de commandes seront facturées ensemble',
    other: 'Lors de votre prochaine commande, # commandes seront facturées ensemble',
  });

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config: 'Ce formulaire n’est pas configuré correctement\u00a0: aucune modification n’est possible ici. Veuillez contacter la boutique.',
    network: 'Nous n’avons pas pu joindre la boutique. Vérifiez votre connexion, puis réessayez.',
    timeout: 'La boutique a mis trop de temps à répondre. Veuillez réessayer.',
    malformed: 'La boutique a envoyé une réponse que nous n’avons pas pu lire. Réessayez dans un instant.',
    unconfirmed:
      'Nous ne savons pas encore si votre abonnement est passé au prépaiement\u00a0: la boutique n’a pas encore répondu. Il ne peut être ni prépayé ni facturé deux fois. Vérifiez à nouveau dans un instant.',
    alreadyPrepaid: 'Cet abonnement était déjà prépayé\u00a0: rien n’a donc été modifié, et rien ne vous a été facturé.',
    badRequest: 'La boutique a refusé cette demande. Veuillez contacter la boutique.',
    unauthorized: 'Votre session a expiré. Rechargez la page ou reconnectez-vous.',
    forbidden:
      phase === 'load'
        ? 'Cet abonnement ne peut pas être affiché ici. Veuillez contacter la boutique.'
        : 'Cette modification n’est pas autorisée ici. Veuillez contacter la boutique.',
    notFound:
      phase === 'load'
        ? 'Nous n’avons pas trouvé cet abonnement. Vérifiez que vous êtes bien connecté à votre propre compte.'
        : 'Nous ne parvenons plus à trouver cet abonnement. Veuillez contacter la boutique.',
    locked: 'Votre abonnement est en cours de modification ailleurs. Réessayez dans un instant.',
    rateLimited: 'Il y a trop de demandes en ce moment. Réessayez dans quelques secondes.',
    server: 'Un problème est survenu du côté de la boutique. Réessayez dans un instant.',
  })[kind];

const fr: Strings = {
  heading: 'Prépayez votre abonnement',
  description: 'Réglez plusieurs commandes en une seule fois, sans avoir à penser à chacune d’elles.',
  loading: 'Chargement de votre abonnement…',
  finding: 'Recherche de vos abonnements…',
  pickerLegend: 'Quel abonnement\u202f?',
  pricePerOrder: (price) => `${price} par commande`,
  shipsEvery: (count, unit, price) => {
    const every = plural(LOCALE, count, {
      one: { day: 'Tous les jours', week: 'Toutes les semaines', month: 'Tous les mois' }[unit],
      many: { day: 'Tous les # de jours', week: 'Toutes les # de semaines', month: 'Tous les # de mois' }[unit],
      other: { day: 'Tous les # jours', week: 'Toutes les # semaines', month: 'Tous les # mois' }[unit],
    });
    return price ? `${every}, ${price} par commande` : every;
  },
  pickerPrepaid: 'Déjà prépayé',
  uncheckedSubscriptions: (count) =>
    plural(LOCALE, count, {
      one: '# autre abonnement n’a pas pu être vérifié pour le moment. Rechargez la page pour réessayer.',
      many: '# d’autres abonnements n’ont pas pu être vérifiés pour le moment. Rechargez la page pour réessayer.',
      other: '# autres abonnements n’ont pas pu être vérifiés pour le moment. Rechargez la page pour réessayer.',
    }),
  pickerContinue: 'Continuer',
  pickerBack: 'Choisir un autre abonnement',
  ordersLegend: 'Combien de commandes souhaitez-vous prépayer\u202f?',
  ordersOption: orders,
  renewalLegend: 'Lorsque vos commandes prépayées sont épuisées',
  renewalOption: (behavior) =>
    ({
      autorenew: 'Renouveler automatiquement',
      cancel: 'Mettre fin à l’abonnement',
      downgrade: 'Revenir au paiement à la commande',
    })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: plural(LOCALE, count, {
        one: 'Lorsqu’elles sont épuisées, nous facturons la commande suivante au moment où elle est passée.',
        many: 'Lorsqu’elles sont épuisées, nous facturons ensemble les # de commandes suivantes, au moment où la première d’entre elles est passée.',
        other:
          'Lorsqu’elles sont épuisées, nous facturons ensemble les # commandes suivantes, au moment où la première d’entre elles est passée.',
      }),
      cancel: 'Lorsqu’elles sont épuisées, votre abonnement prend fin.',
      downgrade: 'Lorsqu’elles sont épuisées, vous revenez au paiement de chaque commande lors de son expédition.',
    })[behavior],
  summaryHeading: 'Récapitulatif',
  summary: (count, total, perOrder) =>
    total && perOrder ? `${billedAtNextOrder(count)}\u00a0: ${total} (${number(count)} × ${perOrder}).` : `${billedAtNextOrder(count)}.`,
  billedOn: (date) => `La facturation aura lieu le ${date}, lors de votre prochaine commande.`,
  beforeTaxAndShipping: 'Ces montants s’entendent hors taxes et frais de livraison, qui s’ajouteront lors de votre prochaine commande.',
  nothingChargedNow: 'Rien ne vous est facturé aujourd’hui.',
  saveUpTo: (percent) => `Économisez jusqu’à ${percent}`,
  savings: (percent) => `Économisez ${percent}`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `Avec ${discount.percent} de remise, ` : ''}${total} ${date ? `le ${date}` : 'lors de votre prochaine commande'}${discount ? ` au lieu de ${discount.full}` : ''}${taxAndShippingExtra(taxed)}${discount ? `, soit ${discount.perOrder} par commande` : ''}.`,
  summarySaving: (total, saving, percent) => `Avec la remise de ${percent} sur le prépaiement\u00a0: ${total}, soit ${saving} d’économie.`,
  finalPriceNote: 'Montant estimé\u00a0: la boutique confirme le prix final lors de la facturation de votre prochaine commande.',
  submit: (count) => `Prépayer ${orders(count)}`,
  submitting: 'Passage de votre abonnement au prépaiement…',
  successHeading: 'Votre abonnement est désormais prépayé',
  successBody: (count, total) =>
    total
      ? `${billedAtNextOrder(count)}, pour un montant estimé à ${total}. Rien ne vous a été facturé aujourd’hui.`
      : `${billedAtNextOrder(count)}. Rien ne vous a été facturé aujourd’hui.`,
  nextOrderBills: (date, total, count, charges) =>
    `Lors de votre prochaine commande, le ${date}, nous vous facturerons ${total} pour ${orders(count)}${charges ? `\u00a0: ${charges}` : ''}. Rien ne vous a été facturé aujourd’hui.`,
  charges: (subTotal, tax, shipping) =>
    `${subTotal}, plus ${[tax && `${tax} de taxes`, shipping && `${shipping} de frais de livraison`].filter(Boolean).join(' et ')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `Lors de votre prochaine commande, le ${date}, nous vous facturerons ${subTotal} pour ${orders(count)}, montant auquel pourront s’ajouter des taxes et des frais de livraison. Rien ne vous a été facturé aujourd’hui.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'Cet abonnement est déjà prépayé.',
      'not-live': 'Cet abonnement n’est plus actif\u00a0: il ne peut donc pas être prépayé.',
      'product-not-eligible': `La boutique ne propose pas le prépaiement pour ${productName || 'ce produit'}.`,
      'none-upgradeable': 'Aucun de vos abonnements ne peut être prépayé.',
      'no-subscriptions': 'Vous n’avez aucun abonnement actif auprès de cette boutique.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live': 'Pour prépayer vos commandes, abonnez-vous à nouveau\u00a0: un nouvel abonnement peut être prépayé.',
      'product-not-eligible': 'Votre abonnement se poursuit sans changement\u00a0: vous payez chaque commande lors de son expédition.',
      'none-upgradeable': 'Vos abonnements se poursuivent sans changement\u00a0: vous payez chaque commande lors de son expédition.',
      'no-subscriptions': 'Dès que vous vous abonnerez à un produit, vous pourrez en prépayer les commandes ici.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'Ils sont tous déjà prépayés.',
      'not-live': 'Aucun d’entre eux n’est actif.',
      'product-not-eligible': 'La boutique ne propose pas le prépaiement pour les produits de vos abonnements.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({
      prepaid: 'Votre abonnement prépayé',
      ineligible: 'Prépaiement non disponible',
      picker: 'Prépayez l’un de vos abonnements',
    })[state],
  pickerDescription: 'Choisissez un abonnement, puis le nombre de ses commandes à régler en une seule fois.',
  cancelledOn: (date) => `Résilié le ${date}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} par facturation, ${plural(LOCALE, ordersRemaining, {
          one: '# commande prépayée restante',
          many: '# de commandes prépayées restantes',
          other: '# commandes prépayées restantes',
        })}.`
      : `${plural(LOCALE, ordersPerBilling, {
          one: '# commande prépayée, facturée',
          many: '# de commandes prépayées, facturées',
          other: '# commandes prépayées, facturées',
        })} lors de votre prochaine commande${nextOrderDate ? `, le ${nextOrderDate}` : ''}.`) +
    (renewalBehavior
      ? ` Une fois celles-ci épuisées, ${{ autorenew: 'l’abonnement se renouvelle automatiquement', cancel: 'l’abonnement prend fin', downgrade: 'l’abonnement repasse au paiement à la commande' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `Prochaine commande le ${date}.`,
  manageLegend: 'Modifier ce qui se passe lorsqu’elles sont épuisées',
  manageSubmit: 'Enregistrer la modification',
  savingChange: 'Enregistrement de votre modification…',
  renewalChanged: (behavior) =>
    `C’est enregistré. Lorsque vos commandes prépayées seront épuisées, ${{ autorenew: 'votre abonnement se renouvellera automatiquement', cancel: 'votre abonnement prendra fin', downgrade: 'vous reviendrez au paiement à la commande' }[behavior]}.`,
  changeUnconfirmed:
    'Nous ne savons pas encore si votre modification a été enregistrée\u00a0: la boutique n’a pas encore répondu. Vérifiez à nouveau dans un instant.',
  checking: (phase) =>
    phase === 'upgrade'
      ? 'Vérification du passage de votre abonnement au prépaiement…'
      : 'Vérification de l’enregistrement de votre modification…',
  checkAgain: 'Vérifier à nouveau',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'Votre abonnement n’est pas passé au prépaiement, et rien ne vous a été facturé.' : 'Votre modification n’a pas été enregistrée.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) =>
    `La boutique n’a pas accepté votre choix pour «\u00a0${heading}\u00a0». Choisissez-en un autre ou contactez la boutique.`,
  retry: 'Réessayer',
  reload: 'Recharger la page',
};

export default fr;
