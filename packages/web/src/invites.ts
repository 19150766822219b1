/**
 * The invite link of a game this browser created, kept for the tab's life so the waiting
 * page can show it again after a reload (the server gives it only when the game is made).
 */
const key = (id: string) => `zar.invite.${id}`;
const memory = new Map<string, string>();

export function rememberInvite(id: string, invite: string): void {
  try {
    sessionStorage.setItem(key(id), invite);
  } catch {
    // Without storage the link is still shown until the page is left.
  }
  memory.set(id, invite);
}

export function inviteOf(id: string): string | null {
  try {
    return sessionStorage.getItem(key(id)) ?? memory.get(id) ?? null;
  } catch {
    return memory.get(id) ?? null;
  }
}
