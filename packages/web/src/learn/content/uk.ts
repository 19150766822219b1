import type { LearnContent } from '../types.js';
import { backgammon } from './uk/backgammon.js';
import { culture } from './uk/culture.js';
import { faq } from './uk/faq.js';
import { fevga } from './uk/fevga.js';
import { gulBara } from './uk/gul-bara.js';
import { longNardy } from './uk/long-nardy.js';
import { plakoto } from './uk/plakoto.js';
import { probability } from './uk/probability.js';
import { strategy } from './uk/strategy.js';

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
