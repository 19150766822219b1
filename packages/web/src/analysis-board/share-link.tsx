import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';

/** The link to the position shown, to copy: whoever opens it sees the same board and roll. */
export function ShareLink(props: { path: string; query: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const url = `${location.origin}${props.path}${props.query}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the field stays there to copy by hand.
    }
  };
  return (
    <p class="board-share">
      <label>
        {t.analysisBoard.share}{' '}
        <input
          type="text"
          readOnly
          dir="ltr"
          data-testid="board-share"
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>{' '}
      <button type="button" data-testid="board-copy" onClick={() => void copy()}>
        {copied ? t.analysisBoard.copied : t.analysisBoard.copy}
      </button>
    </p>
  );
}
