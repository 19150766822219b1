import { render } from 'preact';
import { App } from './app.js';
import { initialLang } from './i18n/detect.js';
import { en } from './i18n/en.js';
import { makeI18n } from './i18n/index.js';
import { loadCatalogue } from './i18n/load.js';
import { animationsOn, applyAnimations } from './settings.js';
import './styles.css';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
applyAnimations(animationsOn());

// The first language is fetched before the first render, so the page never flashes English;
// if its catalogue cannot be fetched the page starts in English.
const lang = initialLang();
loadCatalogue(lang).then(
  (t) => render(<App initial={makeI18n(lang, t)} />, root),
  () => render(<App initial={makeI18n('en', en)} />, root),
);
