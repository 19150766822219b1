import type { LearnContent } from '../types.js';
import { backgammon } from './el/backgammon.js';
import { culture } from './el/culture.js';
import { faq } from './el/faq.js';
import { fevga } from './el/fevga.js';
import { gulBara } from './el/gul-bara.js';
import { longNardy } from './el/long-nardy.js';
import { plakoto } from './el/plakoto.js';
import { probability } from './el/probability.js';
import { strategy } from './el/strategy.js';

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
