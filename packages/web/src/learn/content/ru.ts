import type { LearnContent } from '../types.js';
import { backgammon } from './ru/backgammon.js';
import { culture } from './ru/culture.js';
import { faq } from './ru/faq.js';
import { fevga } from './ru/fevga.js';
import { gulBara } from './ru/gul-bara.js';
import { longNardy } from './ru/long-nardy.js';
import { plakoto } from './ru/plakoto.js';
import { probability } from './ru/probability.js';
import { strategy } from './ru/strategy.js';

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
