// The AI SDK UIMessage declarations type-check on their own (no DOM lib, library files checked):
// the comparison with `ai` itself is ai-sdk-ui.types.ts (tsconfig.providers.json).
import type * as UI from 'agent-messages/ai-sdk';
import type * as Root from 'agent-messages';
import { aiSdk } from 'agent-messages';

type Expect<T extends true> = T;
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type same_message = Expect<Mutual<UI.UIMessage, Root.UIMessage>>;
export type same_part = Expect<Mutual<UI.UIMessagePart, Root.UIMessagePart>>;
export type tool_states = Expect<Mutual<UI.UIToolState, (typeof aiSdk.TOOL_STATES)[number]>>;
const part: UI.ToolUIPart = { type: 'tool-search', toolCallId: 'c', state: 'output-error', input: undefined, errorText: 'x' };
void part;
// @ts-expect-error a static tool part's type starts with tool-
const wrong: UI.ToolUIPart = { type: 'search', toolCallId: 'c', state: 'input-available', input: 1 };
void wrong;
