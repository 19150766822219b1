import type { LearnContent } from '../types.js';
import { backgammon } from './ro/backgammon.js';
import { culture } from './ro/culture.js';
import { faq } from './ro/faq.js';
import { fevga } from './ro/fevga.js';
import { gulBara } from './ro/gul-bara.js';
import { longNardy } from './ro/long-nardy.js';
import { plakoto } from './ro/plakoto.js';
import { probability } from './ro/probability.js';
import { strategy } from './ro/strategy.js';

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
