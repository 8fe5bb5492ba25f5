import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'ja';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

// Japanese has a single plural form, `other`. Counts are written with the counter 回分 ("deliveries' worth").
const orders = (count: number) => plural(LOCALE, count, { other: '#回分' });

/**
 * The note after an amount to which the next order adds tax and shipping. It is the usual 「税・送料別」 of Japanese shops.
 */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? '（税・送料別）' : '');

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config: 'このフォームが正しく設定されていないため、ここでは変更できません。ストアにお問い合わせください。',
    network: 'ストアに接続できませんでした。通信環境をご確認のうえ、もう一度お試しください。',
    timeout: 'ストアからの応答に時間がかかりすぎています。もう一度お試しください。',
    malformed: 'ストアから読み取れない応答が返されました。しばらくしてからもう一度お試しください。',
    unconfirmed:
      'ストアからまだ応答がないため、定期購入が前払いに切り替わったかどうかはまだわかりません。二重に切り替わったり、二重に請求されたりすることはありません。しばらくしてから、もう一度ご確認ください。',
    alreadyPrepaid: 'この定期購入はすでに前払いになっていたため、何も変更されず、請求も発生していません。',
    badRequest: 'ストアがこのリクエストを受け付けませんでした。ストアにお問い合わせください。',
    unauthorized: 'セッションの有効期限が切れました。ページを再読み込みするか、もう一度ログインしてください。',
    forbidden:
      phase === 'load'
        ? 'この定期購入はここでは表示できません。ストアにお問い合わせください。'
        : 'この変更はここでは許可されていません。ストアにお問い合わせください。',
    notFound:
      phase === 'load'
        ? 'この定期購入が見つかりませんでした。ご自身のアカウントでログインしているかご確認ください。'
        : 'この定期購入が見つからなくなりました。ストアにお問い合わせください。',
    locked: '定期購入は現在ほかの場所で変更中です。しばらくしてからもう一度お試しください。',
    rateLimited: '現在リクエストが集中しています。数秒後にもう一度お試しください。',
    server: 'ストアで問題が発生しました。しばらくしてからもう一度お試しください。',
  })[kind];

const ja: Strings = {
  heading: '定期購入を前払いにする',
  description: '複数回分のご注文をまとめてお支払いいただけるので、毎回のお支払いを気にする必要がなくなります。',
  loading: '定期購入の情報を読み込んでいます…',
  finding: 'ご利用中の定期購入を探しています…',
  pickerLegend: 'どの定期購入にしますか？',
  pricePerOrder: (price) => `1回あたり${price}`,
  // 毎日・毎週・毎月 for a count of one, and a counter with ごと otherwise. Japanese has no plural, but 「1週間ごと」 reads
  // unnaturally.
  shipsEvery: (count, unit, price) => {
    const every =
      count === 1
        ? { day: '毎日', week: '毎週', month: '毎月' }[unit]
        : plural(LOCALE, count, { other: { day: '#日ごと', week: '#週間ごと', month: '#か月ごと' }[unit] });
    return price ? `${every}、1回あたり${price}` : every;
  },
  pickerPrepaid: '前払い済み',
  uncheckedSubscriptions: (count) =>
    plural(LOCALE, count, {
      other: 'ほかの定期購入#件は、現在確認できません。ページを再読み込みして、もう一度お試しください。',
    }),
  pickerContinue: '次へ',
  pickerBack: 'ほかの定期購入を選ぶ',
  ordersLegend: '何回分を前払いしますか？',
  ordersOption: orders,
  renewalLegend: '前払い分をすべて使い切ったとき',
  renewalOption: (behavior) => ({ autorenew: '自動で更新する', cancel: '定期購入を終了する', downgrade: '都度払いに戻す' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: plural(LOCALE, count, {
        other: '前払い分を使い切った後は、次の#回分の代金を、そのうち最初のご注文の時点でまとめて請求いたします。',
      }),
      cancel: '前払い分を使い切った後は、定期購入が終了します。',
      downgrade: '前払い分を使い切った後は、ご注文ごとに発送時にお支払いいただく方式に戻ります。',
    })[behavior],
  summaryHeading: 'ご請求内容',
  summary: (count, total, perOrder) =>
    total && perOrder
      ? `${orders(count)}の代金を次回のご注文時にまとめて請求いたします：${total}（${number(count)} × ${perOrder}）。`
      : `${orders(count)}の代金を次回のご注文時にまとめて請求いたします。`,
  billedOn: (date) => `ご請求日は${date}（次回のご注文日）です。`,
  beforeTaxAndShipping: 'これらの金額には税金と送料が含まれていません。税金と送料は次回のご注文時に加算されます。',
  nothingChargedNow: '本日のご請求はありません。',
  saveUpTo: (percent) => `最大${percent}お得`,
  savings: (percent) => `${percent}お得`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `${discount.percent}割引で、` : ''}${date ? `${date}に` : '次回のご注文時に'}${total}${discount ? `（通常価格${discount.full}）` : ''}${taxAndShippingExtra(taxed)}${discount ? `、1回あたり${discount.perOrder}` : ''}です。`,
  summarySaving: (total, saving, percent) => `前払い割引（${percent}）適用後: ${total}（${saving}お得）`,
  finalPriceNote: 'お支払い額は概算です。最終的な価格は次回のご注文の請求時にストアが確定します。',
  submit: (count) => `${orders(count)}を前払いする`,
  submitting: '定期購入を前払いに切り替えています…',
  successHeading: '定期購入が前払いになりました',
  successBody: (count, total) =>
    total
      ? `次回のご注文時に${orders(count)}の代金をまとめて請求いたします（見込み額：${total}）。本日のご請求はありませんでした。`
      : `次回のご注文時に${orders(count)}の代金をまとめて請求いたします。本日のご請求はありませんでした。`,
  nextOrderBills: (date, total, count, charges) =>
    `次回のご注文時（${date}）に、${orders(count)}の代金として${total}${charges ? `（内訳：${charges}）` : ''}を請求いたします。本日のご請求はありませんでした。`,
  // The breakdown goes in parentheses after the total: 「小計…、税金…、送料…」.
  charges: (subTotal, tax, shipping) => [`小計${subTotal}`, tax && `税金${tax}`, shipping && `送料${shipping}`].filter(Boolean).join('、'),
  nextOrderSubtotal: (date, subTotal, count) =>
    `次回のご注文時（${date}）に、${orders(count)}の代金として${subTotal}を請求いたします。このほかに税金と送料が加算される場合があります。本日のご請求はありませんでした。`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'この定期購入はすでに前払いになっています。',
      'not-live': 'この定期購入は現在有効ではないため、前払いにできません。',
      'product-not-eligible': productName
        ? `ストアでは「${productName}」の前払いに対応していません。`
        : 'ストアではこの商品の前払いに対応していません。',
      'none-upgradeable': 'ご利用中の定期購入はいずれも前払いにできません。',
      'no-subscriptions': 'このストアでご利用中の定期購入はありません。',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live': 'ご注文を前払いにするには、もう一度定期購入をお申し込みください。新しい定期購入は前払いにできます。',
      'product-not-eligible': 'この定期購入はこれまでどおり継続され、ご注文ごとに発送時にお支払いいただきます。',
      'none-upgradeable': 'ご利用中の定期購入はこれまでどおり継続され、ご注文ごとに発送時にお支払いいただきます。',
      'no-subscriptions': '商品の定期購入をお申し込みいただくと、ここでご注文を前払いにできます。',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'すべてすでに前払いになっています。',
      'not-live': 'いずれも現在有効ではありません。',
      'product-not-eligible': 'ストアでは、定期購入中の商品の前払いに対応していません。',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({ prepaid: '前払い済みの定期購入', ineligible: '前払いはご利用いただけません', picker: 'ご利用中の定期購入を前払いにする' })[state],
  pickerDescription: '定期購入を選んでから、何回分のご注文をまとめてお支払いいただくかをお選びください。',
  cancelledOn: (date) => `${date}に解約されました。`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `1回のご請求につき${orders(ordersPerBilling)}、前払い分の残りは${plural(LOCALE, ordersRemaining, { other: '#回分' })}です。`
      : `前払いの${orders(ordersPerBilling)}は、次回のご注文時${nextOrderDate ? `（${nextOrderDate}）` : ''}にまとめて請求いたします。`) +
    (renewalBehavior
      ? `すべて使い切った後は、${{ autorenew: '自動で更新されます', cancel: '定期購入が終了します', downgrade: '都度払いに戻ります' }[renewalBehavior]}。`
      : ''),
  nextOrderOn: (date) => `次回のご注文は${date}です。`,
  manageLegend: '使い切ったときの扱いを変更する',
  manageSubmit: '変更を保存する',
  savingChange: '変更を保存しています…',
  renewalChanged: (behavior) =>
    `保存しました。前払い分をすべて使い切った後は、${{ autorenew: '自動で更新されます', cancel: '定期購入が終了します', downgrade: '都度払いに戻ります' }[behavior]}。`,
  changeUnconfirmed: 'ストアからまだ応答がないため、変更が保存されたかどうかはまだわかりません。しばらくしてから、もう一度ご確認ください。',
  checking: (phase) =>
    phase === 'upgrade' ? '定期購入が前払いに切り替わったかどうかを確認しています…' : '変更が保存されたかどうかを確認しています…',
  checkAgain: 'もう一度確認する',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? '定期購入は前払いに切り替わっておらず、請求も発生していません。' : '変更は保存されていません。'}${failures(kind, phase)}`
      : failures(kind, phase),
  // The heading goes in 「」, because it is itself a question or a phrase, and a colon after 「？」 reads badly.
  refusedChoice: (heading) =>
    `「${heading}」でお選びいただいた内容は、ストアで受け付けられませんでした。別の選択肢をお選びいただくか、ストアにお問い合わせください。`,
  retry: 'もう一度試す',
  reload: 'ページを再読み込みする',
};

export default ja;
