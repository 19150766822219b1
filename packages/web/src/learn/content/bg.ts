import type { LearnContent } from '../types.js';
import { backgammon } from './bg/backgammon.js';
import { culture } from './bg/culture.js';
import { faq } from './bg/faq.js';
import { fevga } from './bg/fevga.js';
import { gulBara } from './bg/gul-bara.js';
import { longNardy } from './bg/long-nardy.js';
import { plakoto } from './bg/plakoto.js';
import { probability } from './bg/probability.js';
import { strategy } from './bg/strategy.js';

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
