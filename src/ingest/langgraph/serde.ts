import { decode, ExtensionCodec } from '@msgpack/msgpack';
import { MAX_DEPTH, nestedDeeperThan } from '../../events/validate.js';

/**
 * The serializations LangGraph's checkpointers write, decoded to plain JSON values:
 *   "json"     JS JsonPlusSerializer (and Python's jsonplus for metadata): UTF-8 JSON
 *   "msgpack"  Python's JsonPlusSerializer (ormsgpack) with its extension types for Python objects
 *   "bytes"    raw bytes (kept as base64)
 *   "null" / "empty"  no value
 * Python objects become what they carry: a constructor's single argument (a datetime's ISO text, a
 * UUID's hex), its positional arguments, or its keyword arguments (a pydantic model's fields).
 */

export class SerdeError extends Error {}

/** Python jsonplus's extension codes (langgraph.checkpoint.serde.jsonplus). */
const EXT_CONSTRUCTOR_SINGLE_ARG = 0;
const EXT_CONSTRUCTOR_POS_ARGS = 1;
const EXT_CONSTRUCTOR_KW_ARGS = 2;
const EXT_METHOD_SINGLE_ARG = 3;
const EXT_PYDANTIC_V1 = 4;
const EXT_PYDANTIC_V2 = 5;
const EXT_NUMPY_ARRAY = 6;

const codec = new ExtensionCodec();
for (const type of [
  EXT_CONSTRUCTOR_SINGLE_ARG,
  EXT_CONSTRUCTOR_POS_ARGS,
  EXT_CONSTRUCTOR_KW_ARGS,
  EXT_METHOD_SINGLE_ARG,
  EXT_PYDANTIC_V1,
  EXT_PYDANTIC_V2,
  EXT_NUMPY_ARRAY,
]) {
  codec.register({
    type,
    encode: () => null,
    decode: (data: Uint8Array) => pythonObject(type, decode(data, { extensionCodec: codec })),
  });
}

function pythonObject(type: number, v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  switch (type) {
    case EXT_CONSTRUCTOR_SINGLE_ARG:
    case EXT_METHOD_SINGLE_ARG:
      return v[2];
    case EXT_CONSTRUCTOR_POS_ARGS: {
      const args = v[2];
      return Array.isArray(args) && args.length === 1 ? args[0] : args;
    }
    case EXT_NUMPY_ARRAY:
      return { dtype: v[0], shape: v[1] };
    default:
      return v[2]; // keyword arguments: the object's fields
  }
}

function plain(v: unknown): unknown {
  if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString('base64') };
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = plain(x);
    return out;
  }
  return v;
}

/** A decoded value nested past MAX_DEPTH is refused before anything walks it recursively (a bad row, never a stack overflow). */
function shallow<T>(v: T): T {
  if (nestedDeeperThan(v, MAX_DEPTH)) throw new SerdeError(`nested deeper than ${MAX_DEPTH} levels`);
  return v;
}

/** A stored value: `type` as the checkpointer wrote it, `data` the column's bytes (or text, or parsed JSONB). */
export function loadTyped(type: string | null, data: unknown): unknown {
  if (data === null || data === undefined || type === 'null' || type === 'empty') return undefined;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data instanceof Uint8Array ? Buffer.from(data) : null;
  if (bytes === null) return shallow(data); // Postgres JSONB: already parsed
  switch (type ?? 'json') {
    case 'json': {
      let v: unknown;
      try {
        v = JSON.parse(bytes.toString('utf8')) as unknown;
      } catch (err) {
        throw new SerdeError(`not valid JSON (${(err as Error).message})`);
      }
      return shallow(v);
    }
    case 'msgpack': {
      let v: unknown;
      try {
        v = decode(bytes, { extensionCodec: codec });
      } catch (err) {
        // a hostile nesting of extension values overflows the decoder's recursion: a bad row all the same
        throw new SerdeError(`not valid msgpack (${(err as Error).message})`);
      }
      return plain(shallow(v));
    }
    case 'bytes':
    case 'bytearray':
      return { bytes: bytes.toString('base64') };
    default:
      throw new SerdeError(`serialization "${type}" is not read (json, msgpack, bytes)`);
  }
}
