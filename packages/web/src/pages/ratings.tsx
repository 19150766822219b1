import { INITIAL_RATING } from '@zar/match';
import { useI18n } from '../i18n/index.js';
import { fixed } from '../players/pool-name.js';
import { EXAMPLE, workedExample } from '../players/ratings-example.js';
import '../players/players.css';

/** A formula as written everywhere (symbols, not words): kept left to right on every page. */
const Formula = ({ children, testid }: { children: string; testid: string }) => (
  <code class="formula" dir="ltr" data-testid={testid}>
    {children}
  </code>
);

/**
 * The public page that explains the ratings: the FIBS formula with its three parts, and worked
 * examples whose every number is computed by the match layer's rating code (ratings-example.ts).
 */
export function Ratings() {
  const i18n = useI18n();
  const e = i18n.t.players.explain;
  const x = workedExample(EXAMPLE.favourite, EXAMPLE.underdog, EXAMPLE.length);
  // A worked calculation keeps its tenths (elsewhere a rating is whole): the change of 1.79 must
  // show in the new ratings for the sums to be checked by hand.
  const rating = (r: number) => fixed(i18n.lang, r, 1);
  const num = (n: number, digits: number) => fixed(i18n.lang, n, digits);
  const sqrt = num(x.sqrtN, 3);
  const p = num(x.upset, 4);
  const q = num(1 - x.upset, 4);
  // The example's own ratings are whole numbers; what the formula makes of them has one decimal.
  const a = num(x.favourite, 0);
  const b = num(x.underdog, 0);

  return (
    <section class="page ratings-page" data-testid="ratings-page">
      <h1>{e.title}</h1>
      <p>{i18n.f(e.lead, { initial: num(INITIAL_RATING, 0) })}</p>
      <p>{e.who}</p>

      <h2>{e.formula}</h2>
      <p>{e.upset}</p>
      <Formula testid="formula-upset">P_upset = 1 / (10^(D · √n / 2000) + 1)</Formula>
      <p>{e.k}</p>
      <Formula testid="formula-k">K = max(1, 5 − experience / 100)</Formula>
      <p>{e.change}</p>
      <Formula testid="formula-change">± 4 · K · √n · P</Formula>
      <p>{e.length}</p>

      <h2>{e.example}</h2>
      <p>{i18n.f(e.setup, { a, b, n: i18n.num(x.length) })}</p>
      <ol class="example" data-testid="ratings-example">
        <li>{i18n.f(e.stepD, { d: i18n.num(x.d), sqrt })}</li>
        <li data-testid="ratings-upset">{i18n.f(e.stepP, { p })}</li>
        <li data-testid="ratings-expected">
          {i18n.f(e.stepFavourite, {
            sqrt,
            p,
            change: num(x.expected.change, 2),
            a2: rating(x.expected.favourite),
            b2: rating(x.expected.underdog),
          })}
        </li>
        <li data-testid="ratings-surprise">
          {i18n.f(e.stepUpset, {
            b,
            sqrt,
            q,
            change: num(x.surprise.change, 2),
            a2: rating(x.surprise.favourite),
            b2: rating(x.surprise.underdog),
          })}
        </li>
      </ol>

      <h2>{e.newPlayer}</h2>
      <p>{i18n.f(e.newSetup, { k: i18n.num(x.newcomer.k), a, b, n: i18n.num(x.length) })}</p>
      <p data-testid="ratings-newcomer">
        {i18n.f(e.newStep, {
          k: i18n.num(x.newcomer.k),
          sqrt,
          q,
          gain: num(x.newcomer.gain, 2),
          b2: rating(x.newcomer.underdog),
          loss: num(x.newcomer.loss, 2),
          a2: rating(x.newcomer.favourite),
        })}
      </p>
      <p data-testid="ratings-correspondence">{i18n.t.correspondence.ratingsNote}</p>
      <p>
        <a href="/leaderboard">{i18n.t.players.leaderboard}</a>
      </p>
    </section>
  );
}
