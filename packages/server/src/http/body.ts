import { decode } from '@zar/protocol';
import type * as v from 'valibot';

/** Validates a body at the edge; the first problem is named with where it is. */
export const parseBody = <S extends v.GenericSchema>(schema: S, body: unknown) => decode(schema, body ?? {});
