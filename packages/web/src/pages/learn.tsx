import { GAME_IDS } from '@zar/engine';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { type LoadedLearn, loadLearn } from '../learn/load.js';
import { PositionBlock } from '../learn/position-block.js';
import { ProbabilityTable } from '../learn/tables.js';
import { type Block, LEARN_SLUGS, type LearnSlug } from '../learn/types.js';
import { NotFound } from './not-found.js';

/** The learn content of the page's language; undefined while loading, null when there is none. */
function useLearn(): LoadedLearn | null | undefined {
  const { lang } = useI18n();
  const [loaded, setLoaded] = useState<LoadedLearn | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setLoaded(undefined);
    loadLearn(lang).then(
      (l) => live && setLoaded(l),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return loaded;
}

function Status({ loaded }: { loaded: LoadedLearn | null | undefined }) {
  const { t } = useI18n();
  if (loaded === undefined) return <p>{t.common.loading}</p>;
  if (loaded === null) return <p>{t.learn.missing}</p>;
  return loaded.fallback ? <p class="muted">{t.learn.missing}</p> : null;
}

/** Every game's rules page, in the engine's order; the other pages follow under "more". */
const RULES: readonly LearnSlug[] = GAME_IDS;

export function LearnIndex() {
  const { t } = useI18n();
  const loaded = useLearn();
  const group = (slugs: readonly LearnSlug[]) => (
    <ul class="cards" {...(loaded?.fallback ? { lang: 'en', dir: 'ltr' } : {})}>
      {slugs.map((slug) => {
        const page = loaded?.content[slug];
        return (
          <li key={slug}>
            <a href={`/learn/${slug}`} data-testid={`learn-${slug}`}>
              {page?.title ?? slug}
            </a>
            {page && <p>{page.summary}</p>}
          </li>
        );
      })}
    </ul>
  );
  return (
    <section class="page learn">
      <h1>{t.learn.title}</h1>
      <p>{t.learn.intro}</p>
      <p>
        <a href="/analysis-board" data-testid="learn-analysis-board">
          {t.analysisBoard.link}
        </a>
      </p>
      <Status loaded={loaded} />
      {loaded && (
        <>
          <h2>{t.learn.rules}</h2>
          {group(RULES)}
          <h2>{t.learn.more}</h2>
          {group(LEARN_SLUGS.filter((s) => !RULES.includes(s)))}
        </>
      )}
    </section>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'h':
      return <h2>{block.text}</h2>;
    case 'p':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'position':
      return <PositionBlock position={block.position} caption={block.caption} lastMove={block.lastMove} />;
    case 'table':
      return <ProbabilityTable table={block.table} />;
    case 'faq':
      return (
        <details class="faq">
          <summary>{block.q}</summary>
          <p>{block.a}</p>
        </details>
      );
    case 'terms':
      return (
        <dl class="terms">
          {block.items.map((item) => (
            <div key={item.term}>
              <dt>{item.term}</dt>
              <dd>{item.meaning}</dd>
            </div>
          ))}
        </dl>
      );
  }
}

export function LearnPageView({ slug }: { slug: string }) {
  const { t } = useI18n();
  const loaded = useLearn();
  if (!(LEARN_SLUGS as readonly string[]).includes(slug)) return <NotFound />;
  const page = loaded?.content[slug as LearnSlug];
  return (
    <article class="page learn-page" data-testid={`learn-page-${slug}`}>
      <p>
        <a href="/learn">{t.learn.title}</a>
      </p>
      <Status loaded={loaded} />
      {page && (
        // English shown in place of a missing language keeps its own direction.
        <div {...(loaded?.fallback ? { lang: 'en', dir: 'ltr' } : {})}>
          <h1>{page.title}</h1>
          {page.blocks.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
        </div>
      )}
    </article>
  );
}
