import type { LearnContent } from '../types.js';
import { backgammon } from './ar/backgammon.js';
import { culture } from './ar/culture.js';
import { faq } from './ar/faq.js';
import { fevga } from './ar/fevga.js';
import { gulBara } from './ar/gul-bara.js';
import { longNardy } from './ar/long-nardy.js';
import { plakoto } from './ar/plakoto.js';
import { probability } from './ar/probability.js';
import { strategy } from './ar/strategy.js';

const content: LearnContent = {
  backgammon,
  'long-nardy': longNardy,
  plakoto,
  fevga,
  'gul-bara': gulBara,
  strategy,
  culture,
  faq,
  probability,
};

export default content;
