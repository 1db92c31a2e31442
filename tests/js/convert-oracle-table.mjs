// The differences between the AI SDK's converters and ours (convert-oracle.test.mjs checks
// them; docs/conversions/oracles.md is this table, and a test holds it to it).
// case -> { theirs: what upstream does, ours: 'reported:<code>' | 'carried', why }; `same`:
// the outputs agree, but upstream drops or changes something in silence that we report.
export const DIFFERENCES = {
  anthropic: {
    'output content': { theirs: 'content items converted to Anthropic blocks', ours: 'reported:stringified_output', why: 'we write the items as JSON text (reported); converting each item is a later step' },
    'system later': { theirs: 'moves a later system message into the top-level system and merges the two user messages around it, silently', ours: 'carried', why: 'a system message later in a conversation means something there (FORMATS.md); MessageParam admits role "system"' },
    'tool call id with a colon': { theirs: 'sends "call:1", which the API refuses (ids must match ^[a-zA-Z0-9_-]+$)', ours: 'reported:id_rewritten', why: 'rewritten the same way for the call and its result, both ids in the loss' },
    'empty text part': { same: true, theirs: 'drops the empty text part silently (ai\'s prompt layer)', ours: 'reported:dropped_field', why: 'Anthropic refuses empty text blocks: dropped and reported' },
    'unsigned reasoning': { same: true, theirs: 'drops reasoning without a signature silently', ours: 'reported:unsupported_message', why: 'Anthropic takes thinking back only with its signature' },
    'other provider option': { same: true, theirs: 'drops options of other providers silently', ours: 'reported:dropped_opaque', why: 'no place in an Anthropic block' },
  },
  openai: {
    'output error-text': { theirs: 'writes the error as JSON text `{"error": ...}` without a word', ours: 'reported:error_as_text', why: 'OpenAI tool content is a string: we write "Error: <message>" and report it' },
    'output error-json': { theirs: 'writes `{"error": <value>}` as JSON text without a word', ours: 'reported:error_as_text', why: 'as above' },
    'output content': { theirs: 'JSON text of the items in the V4 prompt form (`file` with tagged data)', ours: 'reported:stringified_output', why: 'JSON text of the items as the ModelMessage has them (reported)' },
    'file text document': { theirs: 'throws: text file parts are not supported', ours: 'reported:dropped_field', why: 'an OpenAI user message without the document (reported) instead of no request' },
    'empty text part': { theirs: 'drops the empty text part silently (ai\'s prompt layer)', ours: 'carried', why: 'OpenAI takes an empty text part; nothing is dropped' },
    'signed reasoning and a call': { same: true, theirs: 'drops the reasoning and its signature silently', ours: 'reported:unsupported_message', why: 'OpenAI Chat has no reasoning message' },
    'redacted reasoning': { same: true, theirs: 'drops the redacted reasoning silently', ours: 'reported:unsupported_message', why: 'as above' },
    'cache control on a part': { same: true, theirs: 'drops Anthropic\'s cacheControl silently', ours: 'reported:dropped_opaque', why: 'OpenAI has no place for it' },
    'cache control on a message': { same: true, theirs: 'drops it silently', ours: 'reported:dropped_opaque', why: 'as above' },
    'cache control on the system': { same: true, theirs: 'drops it silently', ours: 'reported:dropped_opaque', why: 'as above' },
  },
  ui: {
    'file data url': { theirs: 'passes the data: URL on as a URL (`{ type: "url", url }`)', ours: 'carried', why: 'a UIMessage holds bytes only as a data: URL: they are written as the bytes (base64) and their media type, and come back as the same data: URL' },
    'two system parts': { theirs: 'joins the texts with no separator ("ab"), silently', ours: 'reported:dropped_field', why: 'one system message per part; the join is reported' },
    'input-streaming': { theirs: 'drops the partial call silently', ours: 'carried', why: 'a call with its partial input and its state (a mark)' },
    'output-denied': { theirs: 'invents a tool-approval-request, a tool-approval-response and an error-text result from the denial reason', ours: 'carried', why: 'the call with its state and approval (marks); nothing invented' },
    'call provider metadata': { theirs: 'copies callProviderMetadata onto the tool result as its providerOptions', ours: 'carried', why: 'provider metadata stays where it was given' },
    'data part': { same: true, theirs: 'drops data parts silently', ours: 'reported:unsupported_message', why: 'ModelMessage has no data part' },
    'source url': { same: true, theirs: 'drops source parts silently', ours: 'reported:unsupported_message', why: 'ModelMessage has no source part' },
    'metadata': { theirs: 'drops the message metadata silently', ours: 'carried', why: 'kept as a property of the ModelMessage (kept by ai and the providers, sent by none)' },
  },
};

