import { pathOf, REST } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';

/**
 * "Download: .mat (gnubg) Zar JSON" for a finished match. The .mat link is offered where the
 * server says the format can hold the match (`mat` of the summary or record: backgammon with
 * no beavers, raccoons or automatic doubles). `testIds` names the two links for the page's tests.
 */
export function Downloads(props: {
  readonly id: string;
  /** The server's word that a .mat file can hold the match. */
  readonly mat: boolean;
  readonly testIds: { readonly mat: string; readonly json: string };
}) {
  const { t } = useI18n();
  const { id, testIds } = props;
  return (
    <>
      {t.record.downloads}:{' '}
      {props.mat && (
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
