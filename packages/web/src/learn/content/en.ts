import type { LearnContent } from '../types.js';
import { backgammon } from './en/backgammon.js';
import { culture } from './en/culture.js';
import { faq } from './en/faq.js';
import { fevga } from './en/fevga.js';
import { gulBara } from './en/gul-bara.js';
import { longNardy } from './en/long-nardy.js';
import { plakoto } from './en/plakoto.js';
import { probability } from './en/probability.js';
import { strategy } from './en/strategy.js';

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
