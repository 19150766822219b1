import { err, ok, type Result } from '@zar/engine';
import type { Player } from '@zar/match';
import type { ChatChannel, ChatMessage, ChatPhrase, ErrorCode, ReportReason, ServerMessage } from '@zar/protocol';
import { randomId } from '../common/ids.js';
import type { Log } from '../common/log.js';
import { Buckets } from '../limits/bucket.js';
import { seatOf } from '../store/game-seats.js';
import type { ChatRow, ChatStore, PeopleStore } from '../store/types.js';
import { type ChatRoom, mayRead, type WritableChatRoom } from './access.js';
import { CHAT_BACKLOG, CHAT_BURST, CHAT_PER_CHANNEL, CHAT_PER_MATCH, CHAT_PER_MINUTE } from './limits.js';
import { chatText } from './text.js';

/** Someone with a match open: a socket's Connection fits. */
export interface ChatReader {
  readonly userId: string | null;
  send(message: ServerMessage): void;
}

export interface ChatDeps {
  readonly store: Pick<ChatStore, 'addChat' | 'chatOf' | 'addReport'> & Pick<PeopleStore, 'userById'>;
  readonly now: () => number;
  readonly log: Log;
}

export type ChatResult = Result<void, ErrorCode>;

/** Who writes, and where: his view's channel. */
interface Writer {
  readonly userId: string;
  readonly name: string;
  readonly channel: ChatChannel;
}

/** What a writer says: free text, or a canned phrase that each reader's page words in his language. */
export type ChatWords = { readonly text: string } | { readonly phrase: ChatPhrase };

/** A reader's messages are held while his backlog is read, then sent after it (those it lacks). */
interface Reading {
  held: ChatMessage[] | null;
  /** Reads of his backlog under way (the one at his watch, another at the match's end). */
  reads: number;
  /** His seat when his backlog was last read: a spectator who sits down reads another channel. */
  seat: Player | null;
}

/**
 * A message's id: a counter, then random letters. The store lists a match's chat by time, ties
 * by id, so two messages stored in the same millisecond keep the order they were written in.
 */
let written = 0;
const chatId = (): string => `${(written++).toString(36).padStart(8, '0')}${randomId(6)}`;

/** Messages stored in each channel of a match. */
type Tally = Record<ChatChannel, number>;

/** Games whose stored message counts are remembered at once; past it the oldest is read again when needed. */
const MAX_TALLIES = 10_000;

/**
 * The chat of every match. Its readers are kept here by game id, not in the room:
 * a room that is evicted, or replaced by a fresh copy from the store, leaves the chat's readers
 * untouched, and every write is judged against the room as it is then. Every message is stored
 * before anyone is sent it.
 */
export class ChatService {
  private readonly readers = new Map<string, Map<ChatReader, Reading>>();
  private readonly rate = new Buckets(CHAT_PER_MINUTE, CHAT_BURST);
  /** Messages stored per game and channel, counted once from the store and then as they are written. */
  private readonly tallies = new Map<string, Promise<Tally>>();

  constructor(private readonly deps: ChatDeps) {}

  /** The reader is sent the messages he may read (whole), then each new one; the answer ends it. */
  watch(room: ChatRoom, reader: ChatReader): () => void {
    let readers = this.readers.get(room.id);
    if (readers === undefined) {
      readers = new Map();
      this.readers.set(room.id, readers);
    }
    const reading: Reading = { held: null, reads: 0, seat: seatOf(room.seats, reader.userId) };
    readers.set(reader, reading);
    void this.sendWhole(room, reader, reading);
    const game = readers;
    return () => {
      game.delete(reader);
      if (game.size > 0 || this.readers.get(room.id) !== game) return;
      this.readers.delete(room.id);
      this.tallies.delete(room.id);
    };
  }

  /** Writes in the match's chat, in the channel the writer's view names (access.ts). */
  async write(room: WritableChatRoom, userId: string | null, words: ChatWords): Promise<ChatResult> {
    const found = await this.writerOf(room, userId);
    if (!found.ok) return found;
    const writer = found.value;
    const text = 'text' in words ? chatText(words.text) : null;
    if (text !== null && !text.ok) return text;
    const tally = await this.tallyOf(room.id);
    const { channel } = writer;
    if (tally[channel] >= CHAT_PER_CHANNEL) {
      return refuse('ERR_CHAT_RATE', 'this channel of the match has all the chat it may keep');
    }
    const taken = this.rate.take(`${room.id}:${writer.userId}`, this.deps.now());
    if (!taken.ok) {
      return refuse('ERR_CHAT_RATE', `too fast; write again in ${Math.ceil(taken.retryAfterMs / 1000)} s`);
    }
    tally[channel]++;
    const row: ChatRow = {
      id: chatId(),
      gameId: room.id,
      channel: writer.channel,
      userId: writer.userId,
      name: writer.name,
      seat: seatOf(room.seats, writer.userId),
      text: text === null ? null : text.value,
      phrase: 'phrase' in words ? words.phrase : null,
      at: this.deps.now(),
    };
    try {
      await this.deps.store.addChat(row);
    } catch (e) {
      tally[channel]--;
      throw e;
    }
    this.broadcast(room, messageOf(row));
    return ok(undefined);
  }

  /** Reports a message of this match that the reporter may read, once per message and reporter. */
  async report(room: ChatRoom, userId: string | null, messageId: string, reason: ReportReason): Promise<ChatResult> {
    if (userId === null) return refuse('ERR_REPORT', 'only a player with a session may report');
    const rows = await this.deps.store.chatOf(room.id, CHAT_PER_MATCH);
    const row = rows.find((r) => r.id === messageId);
    if (row === undefined || !mayRead(room, userId, row.channel)) {
      return refuse('ERR_REPORT', 'no such message in this match');
    }
    if (row.userId === userId) return refuse('ERR_REPORT', 'one does not report one’s own message');
    const at = this.deps.now();
    const kept = await this.deps.store.addReport({ gameId: room.id, messageId, reporterId: userId, reason, at });
    return kept.ok ? ok(undefined) : refuse('ERR_REPORT', 'you have reported this message already');
  }

  /**
   * The match is over: its players may now read the spectators' channel, so each is sent the
   * chat whole again (both channels, in order), which his page shows in place of what it had.
   */
  ended(room: ChatRoom): void {
    const over: ChatRoom = { id: room.id, seats: room.seats, status: 'over' };
    for (const [reader, reading] of this.readers.get(room.id) ?? []) {
      if (seatOf(over.seats, reader.userId) !== null) void this.sendWhole(over, reader, reading);
    }
  }

  /** Readers now, of every game (tests). */
  get size(): number {
    let n = 0;
    for (const readers of this.readers.values()) n += readers.size;
    return n;
  }

  private async writerOf(room: WritableChatRoom, userId: string | null): Promise<Result<Writer, ErrorCode>> {
    if (userId === null) return refuse('ERR_NO_CHAT', 'only a player with a session may write here');
    const channel = room.view(userId).chat.write;
    const seat = seatOf(room.seats, userId);
    if (channel === null) {
      const why = seat === null ? 'spectators write here with an account' : 'no chat in a game against a bot';
      return refuse('ERR_NO_CHAT', why);
    }
    const name = seat === null ? ((await this.deps.store.userById(userId))?.name ?? '') : room.seats[seat].name;
    return ok({ userId, name, channel });
  }

  private tallyOf(gameId: string): Promise<Tally> {
    let tally = this.tallies.get(gameId);
    if (tally === undefined) {
      tally = this.deps.store.chatOf(gameId, CHAT_PER_MATCH).then((rows) => {
        const counted: Tally = { players: 0, spectators: 0 };
        for (const row of rows) counted[row.channel]++;
        return counted;
      });
      const kept = tally;
      this.tallies.set(gameId, kept);
      // A failed count (the database away) is not kept: the next write counts again.
      kept.catch(() => {
        if (this.tallies.get(gameId) === kept) this.tallies.delete(gameId);
      });
      for (const old of this.tallies.keys()) {
        if (this.tallies.size <= MAX_TALLIES) break;
        this.tallies.delete(old);
      }
    }
    return tally;
  }

  private broadcast(room: ChatRoom, message: ChatMessage): void {
    for (const [reader, reading] of this.readers.get(room.id) ?? []) {
      // He sat down since (a spectator of a waiting game who took its seat): his page shows the
      // spectators' channel, his is now the players'; he is sent it whole, this message in it.
      if (reading.held === null && seatOf(room.seats, reader.userId) !== reading.seat) {
        void this.sendWhole(room, reader, reading);
        continue;
      }
      if (!mayRead(room, reader.userId, message.channel)) continue;
      if (reading.held !== null) reading.held.push(message);
      else reader.send({ t: 'chat', game: room.id, whole: false, messages: [message] });
    }
  }

  /**
   * Sends the reader the last CHAT_BACKLOG messages he may read, whole, then whatever reached
   * him while they were read and is not among them: a message stored during the read is
   * neither lost nor sent twice.
   */
  private async sendWhole(room: ChatRoom, reader: ChatReader, reading: Reading): Promise<void> {
    reading.held ??= [];
    reading.reads++;
    reading.seat = seatOf(room.seats, reader.userId);
    // Null when the store could not be read: the reader keeps what his page shows, and gets what comes.
    let messages: ChatMessage[] | null = null;
    try {
      const rows = await this.deps.store.chatOf(room.id, CHAT_PER_MATCH);
      messages = rows
        .filter((row) => mayRead(room, reader.userId, row.channel))
        .slice(-CHAT_BACKLOG)
        .map(messageOf);
    } catch (e) {
      this.deps.log.warn({ err: e, game: room.id }, 'the chat could not be read');
    }
    reading.reads--;
    const held = reading.held ?? [];
    // Another read still under way holds on: what it lacks is sent after it in turn.
    if (reading.reads === 0) reading.held = null;
    if (this.readers.get(room.id)?.get(reader) !== reading) return;
    if (messages !== null) reader.send({ t: 'chat', game: room.id, whole: true, messages });
    const sent = new Set((messages ?? []).map((m) => m.id));
    const late = held.filter((m) => !sent.has(m.id));
    if (late.length > 0) reader.send({ t: 'chat', game: room.id, whole: false, messages: late });
  }
}

const refuse = (code: ErrorCode, message: string) => err(code, message);

/** A stored message as readers are sent it. */
export function messageOf(row: ChatRow): ChatMessage {
  return {
    id: row.id,
    at: row.at,
    channel: row.channel,
    from: row.name,
    seat: row.seat,
    text: row.text,
    phrase: row.phrase as ChatPhrase | null,
  };
}
