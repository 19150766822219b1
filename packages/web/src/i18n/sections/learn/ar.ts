import type { Catalogue } from '../../catalogue.js';

/** Arabic strings of the 'learn' section. */
export const learnAr: Catalogue['learn'] = {
  title: 'تعلّم',
  intro: 'قواعد الألعاب الخمس، وأساسيات الاستراتيجية، والثقافة، وحساب النرد.',
  rules: 'القواعد',
  more: 'المزيد',
  lastMove: 'آخر حركة: {play}',
  pipsLine: 'الخطوات: {mover} لصاحب الدور، {other} للخصم',
  sum: 'المجموع',
  ways: 'رميات من 36',
  chance: 'الاحتمال',
  distance: 'المسافة',
  shots: 'رميات تضرب، من 36',
  diceSumsCaption: 'كم مرة يظهر كل مجموع عند رمي نردين.',
  shotsCaption: 'الضربات المباشرة على حجر مكشوف حسب المسافة: حجر ضارب واحد ولا شيء بينهما.',
  missing: 'هذه الصفحة غير متوفرة بلغتك بعد.',
};
