// The two errors the package throws. Validation never throws; assert, the codec and the
// constructors do, with every issue attached.

function describePath(path) {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out ? `.${seg}` : String(seg);
  return out || '(root)';
}

/** Thrown by `assert`, `toJSON`, `fromJSON` and the constructors: carries every issue. */
export class ValidationError extends TypeError {
  constructor(issues, subject = 'value') {
    const shown = issues.slice(0, 3).map((i) => `${describePath(i.path)}: ${i.message}`).join('; ');
    const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
    super(`invalid ${subject}: ${issues.length} issue${issues.length === 1 ? '' : 's'}: ${shown}${more}`);
    this.name = 'ValidationError';
    /** Every issue found, each `{ code, path, message, expected?, received? }`. */
    this.issues = issues;
  }
}

/** Thrown by `convert`-style calls with `strict: true`, and for misuse of the API itself. */
export class AgentMessagesError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'AgentMessagesError';
    this.code = code;
  }
}

// A JsError from wasm arrives as a plain Error; give it our type.
export function rethrow(e, code) {
  throw new AgentMessagesError(e instanceof Error ? e.message : String(e), code);
}

/** A fresh id from one of the wasm's generators (`make`): when randomness fails, an
 * AgentMessagesError with the code `id_generation`. */
export function generated(make) {
  try {
    return make();
  } catch (e) {
    return rethrow(e, 'id_generation');
  }
}
