import type { ErrorPhase, FailureKind, Strings } from '../strings.js';
import { plural } from '../formatters.js';

const LOCALE = 'ar';
const number = (count: number) => new Intl.NumberFormat(LOCALE).format(count);

// Arabic plural rules use all six categories: zero, one, two, few (3–10), many (11–99) and other (100, 1000…).
// The counted noun changes with them: طلب واحد، طلبان، ٣ طلبات، ١١ طلبًا، ١٠٠ طلب. The dual also changes with the case.

/** The genitive form, used after a preposition or in a construct: "مقابل طلبين". */
const ordersGenitive = (count: number) =>
  plural(LOCALE, count, { zero: '# طلب', one: 'طلب واحد', two: 'طلبين', few: '# طلبات', many: '# طلبًا', other: '# طلب' });

/** The nominative form, used alone, as a label or as a subject: "طلبان". */
const orders = (count: number) =>
  plural(LOCALE, count, { zero: '# طلب', one: 'طلب واحد', two: 'طلبان', few: '# طلبات', many: '# طلبًا', other: '# طلب' });

/** The prepaid orders that the next order bills. The words after the count agree with it: "٦ طلبات مدفوعة مسبقًا". */
const prepaidOrdersBilled = (count: number) =>
  plural(LOCALE, count, {
    zero: '# طلب مدفوع مسبقًا، تصدر فاتورتها',
    one: 'طلب واحد مدفوع مسبقًا، تصدر فاتورته',
    two: 'طلبان مدفوعان مسبقًا، تصدر فاتورتهما',
    few: '# طلبات مدفوعة مسبقًا، تصدر فاتورتها',
    many: '# طلبًا مدفوعًا مسبقًا، تصدر فاتورتها',
    other: '# طلب مدفوع مسبقًا، تصدر فاتورتها',
  });

/** The note after an amount to which the next order adds tax and shipping. */
const taxAndShippingExtra = (taxed: boolean) => (taxed ? '، غير شامل الضريبة ورسوم الشحن' : '');

/** Keeps a product name written left to right from reordering the sentence around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

// "Request" is translated as "عملية" (operation), because "طلب" is the word for an order throughout.
const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config: 'هذا النموذج غير مُعدّ بشكل صحيح، لذا لا يمكن إجراء أي تغيير هنا. يُرجى التواصل مع المتجر.',
    network: 'تعذّر علينا الوصول إلى المتجر. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.',
    timeout: 'استغرق المتجر وقتًا طويلًا جدًا في الرد. يُرجى المحاولة مرة أخرى.',
    malformed: 'أرسل المتجر ردًا تعذّرت علينا قراءته. يُرجى المحاولة مرة أخرى بعد قليل.',
    unconfirmed:
      'لا نعرف بعدُ ما إذا كان اشتراكك قد تحوّل إلى الدفع المسبق: لم يردّ المتجر حتى الآن. لا يمكن تحويله أو تحصيل قيمته مرتين. يُرجى إعادة التحقق بعد قليل.',
    alreadyPrepaid: 'كان هذا الاشتراك مدفوعًا مسبقًا بالفعل، لذا لم يتغيّر أي شيء ولم يُحصَّل أي مبلغ.',
    badRequest: 'رفض المتجر هذه العملية. يُرجى التواصل مع المتجر.',
    unauthorized: 'انتهت صلاحية جلستك. يُرجى إعادة تحميل الصفحة أو تسجيل الدخول مرة أخرى.',
    forbidden:
      phase === 'load' ? 'لا يمكن عرض هذا الاشتراك هنا. يُرجى التواصل مع المتجر.' : 'هذا التغيير غير مسموح به هنا. يُرجى التواصل مع المتجر.',
    notFound:
      phase === 'load'
        ? 'تعذّر علينا العثور على هذا الاشتراك. يُرجى التأكد من أنك سجّلت الدخول إلى حسابك الخاص.'
        : 'لم يعد بإمكاننا العثور على هذا الاشتراك. يُرجى التواصل مع المتجر.',
    locked: 'يجري تعديل اشتراكك من مكان آخر في الوقت الحالي. يُرجى المحاولة مرة أخرى بعد قليل.',
    rateLimited: 'عدد المحاولات كبير جدًا في الوقت الحالي. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
    server: 'حدث خطأ ما لدى المتجر. يُرجى المحاولة مرة أخرى بعد قليل.',
  })[kind];

const ar: Strings = {
  heading: 'الدفع المسبق لاشتراكك',
  description: 'ادفع ثمن عدة طلبات دفعة واحدة، ولا داعي للتفكير في كل طلب على حدة.',
  loading: 'جارٍ تحميل اشتراكك…',
  finding: 'جارٍ البحث عن اشتراكاتك…',
  pickerLegend: 'أي اشتراك تريد؟',
  pricePerOrder: (price) => `${price} لكل طلب`,
  shipsEvery: (count, unit, price) => {
    const every = plural(LOCALE, count, {
      zero: { day: 'كل # يوم', week: 'كل # أسبوع', month: 'كل # شهر' }[unit],
      one: { day: 'كل يوم', week: 'كل أسبوع', month: 'كل شهر' }[unit],
      two: { day: 'كل يومين', week: 'كل أسبوعين', month: 'كل شهرين' }[unit],
      few: { day: 'كل # أيام', week: 'كل # أسابيع', month: 'كل # أشهر' }[unit],
      many: { day: 'كل # يومًا', week: 'كل # أسبوعًا', month: 'كل # شهرًا' }[unit],
      other: { day: 'كل # يوم', week: 'كل # أسبوع', month: 'كل # شهر' }[unit],
    });
    return price ? `${every}، ${price} لكل طلب` : every;
  },
  pickerPrepaid: 'مدفوع مسبقًا بالفعل',
  uncheckedSubscriptions: (count) =>
    `${plural(LOCALE, count, {
      zero: 'تعذّر علينا التحقق من # اشتراك آخر في الوقت الحالي.',
      one: 'تعذّر علينا التحقق من اشتراك آخر في الوقت الحالي.',
      two: 'تعذّر علينا التحقق من اشتراكين آخرين في الوقت الحالي.',
      few: 'تعذّر علينا التحقق من # اشتراكات أخرى في الوقت الحالي.',
      many: 'تعذّر علينا التحقق من # اشتراكًا آخر في الوقت الحالي.',
      other: 'تعذّر علينا التحقق من # اشتراك آخر في الوقت الحالي.',
    })} يُرجى إعادة تحميل الصفحة للمحاولة مرة أخرى.`,
  pickerContinue: 'متابعة',
  pickerBack: 'اختيار اشتراك آخر',
  ordersLegend: 'كم عدد الطلبات التي تريد دفع ثمنها مسبقًا؟',
  ordersOption: orders,
  renewalLegend: 'عند نفاد طلباتك المدفوعة مسبقًا',
  renewalOption: (behavior) =>
    ({ autorenew: 'التجديد تلقائيًا', cancel: 'إنهاء الاشتراك', downgrade: 'العودة إلى الدفع مقابل كل طلب' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: `عند نفاد طلباتك المدفوعة مسبقًا، نُصدر فاتورة واحدة مقابل ${ordersGenitive(count)} من الدورة التالية، عند تقديم أول طلب منها.`,
      cancel: 'عند نفاد طلباتك المدفوعة مسبقًا، ينتهي اشتراكك.',
      downgrade: 'عند نفاد طلباتك المدفوعة مسبقًا، تعود إلى دفع ثمن كل طلب عند شحنه.',
    })[behavior],
  summaryHeading: 'الملخص',
  summary: (count, total, perOrder) =>
    total && perOrder
      ? `فاتورة واحدة مقابل ${ordersGenitive(count)} عند طلبك التالي: ${total} (${number(count)} × ${perOrder}).`
      : `فاتورة واحدة مقابل ${ordersGenitive(count)} عند طلبك التالي.`,
  billedOn: (date) => `تصدر الفاتورة في ${date}، عند تقديم طلبك التالي.`,
  beforeTaxAndShipping: 'لا تشمل هذه المبالغ الضريبة ورسوم الشحن، إذ تُضاف عند طلبك التالي.',
  nothingChargedNow: 'لن يُحصَّل أي مبلغ اليوم.',
  saveUpTo: (percent) => `وفِّر حتى ${percent}`,
  savings: (percent) => `وفِّر ${percent}`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `مع خصم ${discount.percent}، ` : ''}${total} ${date ? `في ${date}` : 'عند طلبك التالي'}${discount ? ` بدلًا من ${discount.full}` : ''}${taxAndShippingExtra(taxed)}${discount ? `، أي ${discount.perOrder} لكل طلب` : ''}.`,
  summarySaving: (total, saving, percent) => `مع خصم الدفع المسبق البالغ ${percent}: ${total}، توفِّر ${saving}.`,
  finalPriceNote: 'المبلغ تقديري: يؤكد المتجر السعر النهائي عند إصدار فاتورة طلبك التالي.',
  submit: (count) => `ادفع ثمن ${ordersGenitive(count)} مسبقًا`,
  submitting: 'جارٍ تحويل اشتراكك إلى الدفع المسبق…',
  successHeading: 'أصبح اشتراكك مدفوعًا مسبقًا',
  successBody: (count, total) =>
    total
      ? `ستصدر عند طلبك التالي فاتورة واحدة مقابل ${ordersGenitive(count)}، بمبلغ تقديري قدره ${total}. لم يُحصَّل أي مبلغ اليوم.`
      : `ستصدر عند طلبك التالي فاتورة واحدة مقابل ${ordersGenitive(count)}. لم يُحصَّل أي مبلغ اليوم.`,
  nextOrderBills: (date, total, count, charges) =>
    `ستصدر عند طلبك التالي، في ${date}، فاتورة بمبلغ ${total} مقابل ${ordersGenitive(count)}${charges ? `: ${charges}` : ''}. لم يُحصَّل أي مبلغ اليوم.`,
  // "و" is written joined to the word after it, so it comes before a word and never before an amount:
  // "ضريبة بقيمة … ورسوم شحن بقيمة …".
  charges: (subTotal, tax, shipping) =>
    `${subTotal}، بالإضافة إلى ${[tax && `ضريبة بقيمة ${tax}`, shipping && `رسوم شحن بقيمة ${shipping}`].filter(Boolean).join(' و')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `ستصدر عند طلبك التالي، في ${date}، فاتورة بمبلغ ${subTotal} مقابل ${ordersGenitive(count)}، وقد تُضاف إليه الضريبة ورسوم الشحن. لم يُحصَّل أي مبلغ اليوم.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'هذا الاشتراك مدفوع مسبقًا بالفعل.',
      'not-live': 'لم يعد هذا الاشتراك نشطًا، لذا لا يمكن تحويله إلى الدفع المسبق.',
      'product-not-eligible': productName
        ? `لا يقدّم المتجر الدفع المسبق للمنتج ${isolate(productName)}.`
        : 'لا يقدّم المتجر الدفع المسبق لهذا المنتج.',
      'none-upgradeable': 'لا يتوفر الدفع المسبق لأي من اشتراكاتك.',
      'no-subscriptions': 'ليس لديك أي اشتراكات نشطة لدى هذا المتجر.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live': 'لدفع ثمن طلباته مسبقًا، اشترك من جديد؛ فالاشتراك الجديد يمكن تحويله إلى الدفع المسبق.',
      'product-not-eligible': 'يستمر اشتراكك كما هو: تدفع ثمن كل طلب عند شحنه.',
      'none-upgradeable': 'تستمر اشتراكاتك كما هي: تدفع ثمن كل طلب عند شحنه.',
      'no-subscriptions': 'بعد اشتراكك في أحد المنتجات، يمكنك دفع ثمن طلباته مسبقًا من هنا.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'جميعها مدفوعة مسبقًا بالفعل.',
      'not-live': 'ليس أي منها نشطًا.',
      'product-not-eligible': 'لا يقدّم المتجر الدفع المسبق للمنتجات التي تشترك فيها.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({ prepaid: 'اشتراكك المدفوع مسبقًا', ineligible: 'الدفع المسبق غير متاح', picker: 'الدفع المسبق لأحد اشتراكاتك' })[state],
  pickerDescription: 'اختر اشتراكًا، ثم عدد طلباته التي تريد دفع ثمنها دفعة واحدة.',
  cancelledOn: (date) => `أُلغي في ${date}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} في كل فاتورة، ${plural(LOCALE, ordersRemaining, {
          one: 'ويتبقى طلب واحد مدفوع مسبقًا',
          two: 'ويتبقى طلبان مدفوعان مسبقًا',
          few: 'ويتبقى # طلبات مدفوعة مسبقًا',
          many: 'ويتبقى # طلبًا مدفوعًا مسبقًا',
          other: 'ويتبقى # طلب مدفوع مسبقًا',
        })}.`
      : `${prepaidOrdersBilled(ordersPerBilling)} مع طلبك التالي${nextOrderDate ? ` في ${nextOrderDate}` : ''}.`) +
    (renewalBehavior
      ? ` عند نفادها، ${{ autorenew: 'يتجدد الاشتراك تلقائيًا', cancel: 'ينتهي الاشتراك', downgrade: 'يعود الاشتراك إلى الدفع مقابل كل طلب' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `موعد الطلب التالي في ${date}.`,
  manageLegend: 'غيِّر ما يحدث عند نفادها',
  manageSubmit: 'حفظ التغيير',
  savingChange: 'جارٍ حفظ التغيير…',
  renewalChanged: (behavior) =>
    `تم الحفظ. عند نفاد طلباتك المدفوعة مسبقًا، ${{ autorenew: 'يتجدد اشتراكك تلقائيًا', cancel: 'ينتهي اشتراكك', downgrade: 'تعود إلى الدفع مقابل كل طلب' }[behavior]}.`,
  changeUnconfirmed: 'لا نعرف بعدُ ما إذا كان التغيير قد حُفِظ: لم يردّ المتجر حتى الآن. يُرجى إعادة التحقق بعد قليل.',
  checking: (phase) =>
    phase === 'upgrade' ? 'جارٍ التحقق مما إذا كان اشتراكك قد تحوّل إلى الدفع المسبق…' : 'جارٍ التحقق مما إذا كان التغيير قد حُفِظ…',
  checkAgain: 'إعادة التحقق',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'لم يتحوّل اشتراكك إلى الدفع المسبق، ولم يُحصَّل أي مبلغ.' : 'لم يُحفَظ التغيير.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) => `لم يقبل المتجر اختيارك في «${heading}». يُرجى اختيار خيار آخر، أو التواصل مع المتجر.`,
  retry: 'إعادة المحاولة',
  reload: 'إعادة تحميل الصفحة',
};

export default ar;
