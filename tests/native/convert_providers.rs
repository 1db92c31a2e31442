//! The round-trip law between Anthropic and the AI SDK's two formats, every ordered pair.
use agent_messages::formats::Format::*;
use proptest::prelude::*;

crate::convert_law::pairs! {
    anthropic_ai_sdk, anthropic_ai_sdk_written_by_ai_sdk, anthropic_ai_sdk_wide: Anthropic -> AiSdk;
    ai_sdk_anthropic, ai_sdk_anthropic_written_by_anthropic, ai_sdk_anthropic_wide: AiSdk -> Anthropic;
    anthropic_ui, anthropic_ui_written_by_ui, anthropic_ui_wide: Anthropic -> AiSdkUi;
    ui_anthropic, ui_anthropic_written_by_anthropic, ui_anthropic_wide: AiSdkUi -> Anthropic;
}
