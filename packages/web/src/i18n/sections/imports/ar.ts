import type { Catalogue } from '../../catalogue.js';

/** Arabic strings of the 'imports' section. */
export const importsAr: Catalogue['imports'] = {
  title: 'استيراد مباراة',
  intro:
    'ارفع مباراة لُعبت في مكان آخر: ملف ‎.mat (تصدّره gnubg وeXtreme Gammon وJellyFish والمواقع الكبيرة)، أو ملف ‎.sgf من gnubg، أو سجل Zar JSON، بحجم لا يتجاوز 1 ميغابايت. يتحقق Zar منه نقلة نقلة؛ ثم يمكنك إعادة مشاهدته وطلب تحليله.',
  link: 'استيراد مباراة من ملف',
  file: 'الملف',
  paste: 'أو الصق نصه',
  submit: 'تحقق واستورد',
  checking: 'جارٍ التحقق…',
  empty: 'اختر ملفًا أو الصق نصه أولًا.',
  tooLarge: 'هذا الملف أكبر من 1 ميغابايت.',
  atLine: 'السطر {line}: {text}',
  unchecked: 'لا يمكن التحقق مما يأتي بعده.',
  others: 'ولا يمكن قراءة هذه الأسطر أيضًا:',
  yours: 'مبارياتك المستوردة',
  none: 'لم تستورد أي مباراة بعد.',
  replay: 'إعادة المشاهدة',
  analysis: 'التحليل',
  another: 'استيراد مباراة أخرى',
  errors: {
    ERR_JSON: 'هذا الملف ليس JSON صالحًا.',
    ERR_MAT_EMPTY: 'هذا ليس ملف ‎.mat، أو لا يحتوي على أي جولة.',
    ERR_MAT_HEADER: 'يجب أن يبدأ الملف بـ«N point match»، لكن فيه «{found}».',
    ERR_MAT_SYNTAX: 'لا يمكن قراءة هذا السطر: «{found}».',
    ERR_MAT_SCORE: 'يذكر الملف النتيجة {given}، لكن الجولات التي قبلها تجعلها {expected}.',
    ERR_MAT_ILLEGAL_MOVE: 'يرمي {player} ‏{dice} ويلعب الملف «{move}»، وهذا غير مسموح هناك.',
    ERR_MAT_ILLEGAL_ACTION: '«{action}» من {player} غير مسموح في تلك المرحلة من الجولة.',
    ERR_MAT_CUBE: 'يصل المكعب هنا إلى {expected}، لا إلى {value}.',
    ERR_MAT_RESULT: 'يحتسب الملف هذه الجولة لـ{player} بـ{points}، ونقلاتها لا تعطي ذلك.',
    ERR_MAT_TRUNCATED: 'ينتهي الملف قبل أن تنتهي الجولة {game} أو المباراة.',
    ERR_RECORD_VERSION: 'إصدار سجل Zar هذا هو {version}؛ يقرأ Zar الإصدار 1.',
    ERR_RECORD_SHAPE: 'سجل Zar هذا خاطئ عند «{field}».',
    ERR_RECORD_ILLEGAL: 'لا تسمح القواعد بالإجراء رقم {number} في السجل.',
  },
};
