import { CredentialsSchema, decode, NameSchema } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type ApiError, type ApiResult, api, type Me } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { syncAccountPreferences } from '../looks/account-sync.js';
import { ErrorLine, Rich } from '../ui.js';

/** Which of the two fields breaks the contract's rule for it (the protocol's schemas say, not this page). */
interface Broken {
  readonly name: boolean;
  readonly password: boolean;
}

const brokenOf = (name: string, password: string): Broken => ({
  name: !decode(NameSchema, name).ok,
  password: !decode(CredentialsSchema.entries.password, password).ok,
});

/**
 * A name and a password. Registering states both rules under the fields before anything is
 * typed, and on submit names the rule that is broken instead of sending a request the server
 * would refuse; signing in with a shape no account can have says the usual "wrong name or password".
 */
function Credentials({
  submitLabel,
  testid,
  send,
}: {
  submitLabel: string;
  testid: 'register' | 'login';
  send: (name: string, password: string) => Promise<void>;
}) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [broken, setBroken] = useState<Broken>({ name: false, password: false });
  const [loginShape, setLoginShape] = useState(false);
  const registering = testid === 'register';
  const ruleId = (field: string) => `${testid}-${field}-rule`;
  const submit = (e: Event) => {
    e.preventDefault();
    const found = brokenOf(name, password);
    const any = found.name || found.password;
    if (registering) setBroken(found);
    else setLoginShape(any);
    if (!any) void send(name, password);
  };
  const rule = (field: 'name' | 'password') => {
    if (!registering) return null;
    const isBroken = broken[field];
    const text = isBroken
      ? field === 'name'
        ? t.account.nameBroken
        : t.account.passwordBroken
      : field === 'name'
        ? t.account.nameRule
        : t.account.passwordRule;
    return (
      <small
        id={ruleId(field)}
        class={isBroken ? 'rule error' : 'rule muted'}
        data-testid={`${testid}-${field}-rule`}
        data-broken={isBroken}
        {...(isBroken ? { role: 'alert' } : {})}
      >
        {text}
      </small>
    );
  };
  return (
    <form class="form" noValidate={registering} onSubmit={submit}>
      <label>
        {t.account.name}
        <input
          name="name"
          autocomplete="username"
          required
          value={name}
          data-testid={`${testid}-name`}
          aria-invalid={registering && broken.name}
          {...(registering ? { 'aria-describedby': ruleId('name') } : {})}
          onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
        />
        {rule('name')}
      </label>
      <label>
        {t.account.password}
        <input
          name="password"
          type="password"
          autocomplete={registering ? 'new-password' : 'current-password'}
          required
          value={password}
          data-testid={`${testid}-password`}
          aria-invalid={registering && broken.password}
          {...(registering ? { 'aria-describedby': ruleId('password') } : {})}
          onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
        />
        {rule('password')}
      </label>
      <button type="submit" class="primary" data-testid={`${testid}-submit`}>
        {submitLabel}
      </button>
      {loginShape && <ErrorLine error={{ code: 'ERR_LOGIN' }} />}
    </form>
  );
}

/** Guests play at once; registering keeps their games under a name. */
export function Account() {
  const { t } = useI18n();
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    api.me().then((r) => (r.ok ? setMe(r.value) : setError(r.error)));
  }, []);

  const settle = (r: ApiResult<Me>) => {
    if (r.ok) {
      setMe(r.value);
      setError(null);
      // Signed in, registered or signed out: the preferences follow the new session now, not at the next page.
      void syncAccountPreferences();
    } else setError(r.error);
  };

  const logout = async () => {
    await api.logout();
    settle(await api.me());
  };

  const logoutEverywhere = async () => {
    const r = await api.logoutEverywhere();
    if (!r.ok) return setError(r.error);
    settle(await api.me());
  };

  return (
    <section class="page account">
      <h1>{t.account.title}</h1>
      <ErrorLine error={error} />
      {me === null ? (
        !error && <p>{t.common.loading}</p>
      ) : me.guest ? (
        <>
          <p>{t.account.guest}</p>
          <Credentials
            submitLabel={t.account.register}
            testid="register"
            send={async (n, p) => settle(await api.register(n, p))}
          />
          <h2>{t.account.haveAccount}</h2>
          <Credentials
            submitLabel={t.account.login}
            testid="login"
            send={async (n, p) => settle(await api.login(n, p))}
          />
        </>
      ) : (
        <>
          <p data-testid="signed-in">
            <Rich text={t.account.signedIn} slots={{ name: <bdi>{me.name}</bdi> }} />
          </p>
          <p>
            <a href={`/players/${encodeURIComponent(me.name)}`} data-testid="account-profile">
              {t.players.yourProfile}
            </a>
          </p>
          <button type="button" onClick={logout} data-testid="logout">
            {t.account.logout}
          </button>
          <p class="hint">{t.account.logoutEverywhereHint}</p>
          <button type="button" onClick={logoutEverywhere} data-testid="logout-everywhere">
            {t.account.logoutEverywhere}
          </button>
        </>
      )}
    </section>
  );
}
