import { CHAT_PHRASES, type ChatPhrase, MAX_CHAT_LENGTH } from '@zar/protocol';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { draftOf } from './chat-log.js';

/**
 * Writing in the chat: the canned phrases as buttons (each reader sees them in his own
 * language), and a text box with the characters left. The box empties once a message goes out;
 * a refusal (too fast, a link) is said on the panel's line and the text stays to be mended.
 */
export function ChatForm(props: { say: (text: string) => boolean; phrase: (phrase: ChatPhrase) => boolean }) {
  const i18n = useI18n();
  const c = i18n.t.company.chat;
  const [raw, setRaw] = useState('');
  const draft = draftOf(raw);
  return (
    <div class="chat-write">
      <fieldset class="chat-phrases">
        <legend class="sr-only">{c.phrases}</legend>
        {CHAT_PHRASES.map((p) => (
          <button
            key={p}
            type="button"
            class="chat-phrase"
            data-testid={`chat-phrase-${p}`}
            onClick={() => props.phrase(p)}
          >
            {i18n.t.company.phrases[p]}
          </button>
        ))}
      </fieldset>
      <form
        class="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.sendable && props.say(draft.text)) setRaw('');
        }}
      >
        <label class="sr-only" for="chat-input">
          {c.message}
        </label>
        <input
          id="chat-input"
          type="text"
          data-testid="chat-input"
          dir="auto"
          autocomplete="off"
          maxLength={MAX_CHAT_LENGTH}
          placeholder={c.placeholder}
          value={raw}
          aria-describedby="chat-left"
          onInput={(e) => setRaw((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" data-testid="chat-send" disabled={!draft.sendable}>
          {c.send}
        </button>
        <small id="chat-left" class="hint chat-left" data-testid="chat-left" data-left={draft.left}>
          {i18n.n(c.left, draft.left)}
        </small>
      </form>
    </div>
  );
}
