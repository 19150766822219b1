import { IMPORT_MAX_BYTES, type ImportSummary } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { FileError } from '../imports/file-error.js';
import { ImportList } from '../imports/import-list.js';
import { navigate } from '../router.js';
import { ErrorLine } from '../ui.js';

/** What the form holds: a chosen file's text and name, or what was pasted. */
interface Upload {
  readonly text: string;
  readonly name: string | null;
}

/**
 * Importing a match played elsewhere: a .mat file or a Zar JSON record, chosen or pasted. The
 * server checks it; a file that checks opens in the replay (its analysis one click away), one
 * that does not says where, in the reader's language. Below, the caller's imported matches.
 */
export function Import() {
  const { t } = useI18n();
  const [file, setFile] = useState<Upload | null>(null);
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<'empty' | 'tooLarge' | null>(null);
  const [refused, setRefused] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState<readonly ImportSummary[] | null>(null);

  useEffect(() => {
    void api.imports().then((r) => r.ok && setMine(r.value.imports));
  }, []);

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    setRefused(null);
    if (chosen === undefined) return setFile(null);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(null);
      return setProblem('tooLarge');
    }
    setProblem(null);
    setFile({ text: await chosen.text(), name: chosen.name });
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const upload = file ?? (pasted.trim() === '' ? null : { text: pasted, name: null });
    setRefused(null);
    if (upload === null) return setProblem('empty');
    if (new TextEncoder().encode(upload.text).length > IMPORT_MAX_BYTES) return setProblem('tooLarge');
    setProblem(null);
    setBusy(true);
    const r = await api.createImport(upload.text, upload.name);
    setBusy(false);
    if (!r.ok) return setRefused(r.error);
    navigate(`/imports/${r.value.id}`);
  };

  return (
    <section class="page imports" data-testid="import-page">
      <h1>{t.imports.title}</h1>
      <p>{t.imports.intro}</p>
      <form onSubmit={submit}>
        <p>
          <label>
            {t.imports.file}{' '}
            <input
              type="file"
              accept=".mat,.sgf,.txt,.json"
              data-testid="import-file"
              onChange={(e) => void choose(e.currentTarget)}
            />
          </label>
        </p>
        <p>
          <label>
            {t.imports.paste}
            <br />
            <textarea
              rows={10}
              cols={60}
              dir="ltr"
              spellcheck={false}
              data-testid="import-text"
              value={pasted}
              onInput={(e) => setPasted(e.currentTarget.value)}
            />
          </label>
        </p>
        <p>
          <button type="submit" class="primary" data-testid="import-submit" disabled={busy}>
            {busy ? t.imports.checking : t.imports.submit}
          </button>
        </p>
      </form>
      {problem !== null && (
        <p class="error" role="alert" data-testid="import-problem">
          {t.imports[problem]}
        </p>
      )}
      {refused !== null &&
        (refused.detail === undefined ? <ErrorLine error={refused} /> : <FileError error={refused} />)}
      <h2>{t.imports.yours}</h2>
      {mine === null ? <p>{t.common.loading}</p> : <ImportList imports={mine} />}
    </section>
  );
}
