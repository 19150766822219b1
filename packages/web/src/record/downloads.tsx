import { type MatchSettings, pathOf, REST } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';

/**
 * "Download: .mat (gnubg) Zar JSON" for a finished match. The .mat link is offered for a
 * backgammon match only: gnubg's format has no other game (the server answers any other with
 * ERR_MAT_UNREPRESENTABLE). `testIds` names the two links for the page's tests.
 */
export function Downloads(props: {
  readonly id: string;
  readonly settings: MatchSettings;
  readonly testIds: { readonly mat: string; readonly json: string };
}) {
  const { t } = useI18n();
  const { id, testIds } = props;
  const backgammonOnly = props.settings.cycle.every((c) => c.game === 'backgammon');
  return (
    <>
      {t.record.downloads}:{' '}
      {backgammonOnly && (
        <>
          <a href={pathOf(REST.matchMat, { id })} download data-testid={testIds.mat}>
            {t.record.mat}
          </a>{' '}
        </>
      )}
      <a href={pathOf(REST.matchJson, { id })} download data-testid={testIds.json}>
        {t.record.json}
      </a>
    </>
  );
}
