import type { LearnContent } from '../types.js';
import { backgammon } from './tr/backgammon.js';
import { culture } from './tr/culture.js';
import { faq } from './tr/faq.js';
import { fevga } from './tr/fevga.js';
import { gulBara } from './tr/gul-bara.js';
import { longNardy } from './tr/long-nardy.js';
import { plakoto } from './tr/plakoto.js';
import { probability } from './tr/probability.js';
import { strategy } from './tr/strategy.js';

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
