//! The TypeScript of what Anthropic blocks hold that is carried unchecked: the contents of the
//! server-tool results, citations of a response, browser state, cache-miss reasons and the
//! `Model` names, exactly as `@anthropic-ai/sdk` 1.12.0 declares them (its declarations,
//! without their comments). Validation checks the blocks that hold them for their `type` and
//! required keys; these values are kept as given. (Here, beside the other JavaScript-only
//! code: a custom section of the declarations wasm-bindgen writes.)

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const OPAQUE: &str = r#"
export interface BrowserStateTabEntry {
    tab_id: string;
    title: string;
    url: string;
    active?: boolean;
}
export interface BrowserStateChangeTabOpened {
    tab_id: string;
    type: 'tab_opened';
}
export interface BrowserStateChangeDownloadStarted {
    download_id: string;
    type: 'download_started';
    url: string;
}
export interface BrowserStateChangeDownloadCompleted {
    download_id: string;
    type: 'download_completed';
    url: string;
    path?: string | null;
    size_bytes?: number | null;
}
export interface BrowserStateChangeDownloadFailed {
    download_id: string;
    type: 'download_failed';
    url: string;
    error?: string | null;
}
export type BrowserStateChange = BrowserStateChangeTabOpened | BrowserStateChangeDownloadStarted | BrowserStateChangeDownloadCompleted | BrowserStateChangeDownloadFailed;
export interface WebSearchResultBlockParam {
    encrypted_content: string;
    title: string;
    type: 'web_search_result';
    url: string;
    page_age?: string | null;
}
export type WebSearchToolResultErrorCode = 'invalid_tool_input' | 'unavailable' | 'max_uses_exceeded' | 'too_many_requests' | 'query_too_long' | 'request_too_large';
export interface WebSearchToolRequestErrorObject {
    error_code: WebSearchToolResultErrorCode;
    type: 'web_search_tool_result_error';
}
export type WebSearchToolResultBlockParamContent = WebSearchResultBlockParam[] | WebSearchToolRequestErrorObject;
export type WebFetchToolResultErrorCode = 'invalid_tool_input' | 'url_too_long' | 'url_not_allowed' | 'url_not_in_prior_context' | 'url_not_accessible' | 'unsupported_content_type' | 'too_many_requests' | 'max_uses_exceeded' | 'unavailable' | 'content_too_large';
export interface WebFetchToolResultErrorBlockParam {
    error_code: WebFetchToolResultErrorCode;
    type: 'web_fetch_tool_result_error';
}
export interface WebFetchBlockParam {
    content: DocumentBlockParam;
    type: 'web_fetch_result';
    url: string;
    retrieved_at?: string | null;
}
export type CodeExecutionToolResultErrorCode = 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded';
export interface CodeExecutionToolResultErrorParam {
    error_code: CodeExecutionToolResultErrorCode;
    type: 'code_execution_tool_result_error';
}
export interface CodeExecutionOutputBlockParam {
    file_id: string;
    type: 'code_execution_output';
}
export interface CodeExecutionResultBlockParam {
    content: CodeExecutionOutputBlockParam[];
    return_code: number;
    stderr: string;
    stdout: string;
    type: 'code_execution_result';
}
export interface EncryptedCodeExecutionResultBlockParam {
    content: CodeExecutionOutputBlockParam[];
    encrypted_stdout: string;
    return_code: number;
    stderr: string;
    type: 'encrypted_code_execution_result';
}
export type CodeExecutionToolResultBlockParamContent = CodeExecutionToolResultErrorParam | CodeExecutionResultBlockParam | EncryptedCodeExecutionResultBlockParam;
export type BashCodeExecutionToolResultErrorCode = 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded' | 'output_file_too_large';
export interface BashCodeExecutionToolResultErrorParam {
    error_code: BashCodeExecutionToolResultErrorCode;
    type: 'bash_code_execution_tool_result_error';
}
export interface BashCodeExecutionOutputBlockParam {
    file_id: string;
    type: 'bash_code_execution_output';
}
export interface BashCodeExecutionResultBlockParam {
    content: BashCodeExecutionOutputBlockParam[];
    return_code: number;
    stderr: string;
    stdout: string;
    type: 'bash_code_execution_result';
}
export type TextEditorCodeExecutionToolResultErrorCode = 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded' | 'file_not_found';
export interface TextEditorCodeExecutionToolResultErrorParam {
    error_code: TextEditorCodeExecutionToolResultErrorCode;
    type: 'text_editor_code_execution_tool_result_error';
    error_message?: string | null;
}
export interface TextEditorCodeExecutionViewResultBlockParam {
    content: string;
    file_type: 'text' | 'image' | 'pdf';
    type: 'text_editor_code_execution_view_result';
    num_lines?: number | null;
    start_line?: number | null;
    total_lines?: number | null;
}
export interface TextEditorCodeExecutionCreateResultBlockParam {
    is_file_update: boolean;
    type: 'text_editor_code_execution_create_result';
}
export interface TextEditorCodeExecutionStrReplaceResultBlockParam {
    type: 'text_editor_code_execution_str_replace_result';
    lines?: string[] | null;
    new_lines?: number | null;
    new_start?: number | null;
    old_lines?: number | null;
    old_start?: number | null;
}
export type ToolSearchToolResultErrorCode = 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded';
export interface ToolSearchToolResultErrorParam {
    error_code: ToolSearchToolResultErrorCode;
    type: 'tool_search_tool_result_error';
    error_message?: string | null;
}
export interface ToolSearchToolSearchResultBlockParam {
    tool_references: ToolReferenceBlockParam[];
    type: 'tool_search_tool_search_result';
}
export interface CitationCharLocation {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_char_index: number;
    file_id: string | null;
    start_char_index: number;
    type: 'char_location';
}
export interface CitationPageLocation {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_page_number: number;
    file_id: string | null;
    start_page_number: number;
    type: 'page_location';
}
export interface CitationContentBlockLocation {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_block_index: number;
    file_id: string | null;
    start_block_index: number;
    type: 'content_block_location';
}
export interface CitationsWebSearchResultLocation {
    cited_text: string;
    encrypted_index: string;
    title: string | null;
    type: 'web_search_result_location';
    url: string;
}
export interface CitationsSearchResultLocation {
    cited_text: string;
    end_block_index: number;
    search_result_index: number;
    source: string;
    start_block_index: number;
    title: string | null;
    type: 'search_result_location';
}
export type TextCitation = CitationCharLocation | CitationPageLocation | CitationContentBlockLocation | CitationsWebSearchResultLocation | CitationsSearchResultLocation;
export interface WebSearchToolResultErrorObject {
    error_code: WebSearchToolResultErrorCode;
    type: 'web_search_tool_result_error';
}
export interface WebSearchResultBlock {
    encrypted_content: string;
    page_age: string | null;
    title: string;
    type: 'web_search_result';
    url: string;
}
export type WebSearchToolResultBlockContent = WebSearchToolResultErrorObject | WebSearchResultBlock[];
export interface WebFetchToolResultErrorBlock {
    error_code: WebFetchToolResultErrorCode;
    type: 'web_fetch_tool_result_error';
}
export interface CitationsConfig {
    enabled: boolean;
}
export interface DocumentBlock {
    citations: CitationsConfig | null;
    source: Base64PDFSource | PlainTextSource;
    title: string | null;
    type: 'document';
}
export interface WebFetchBlock {
    content: DocumentBlock;
    retrieved_at: string | null;
    type: 'web_fetch_result';
    url: string;
}
export interface CodeExecutionToolResultErrorObject {
    error_code: CodeExecutionToolResultErrorCode;
    type: 'code_execution_tool_result_error';
}
export interface CodeExecutionOutputBlock {
    file_id: string;
    type: 'code_execution_output';
}
export interface CodeExecutionResultBlock {
    content: CodeExecutionOutputBlock[];
    return_code: number;
    stderr: string;
    stdout: string;
    type: 'code_execution_result';
}
export interface EncryptedCodeExecutionResultBlock {
    content: CodeExecutionOutputBlock[];
    encrypted_stdout: string;
    return_code: number;
    stderr: string;
    type: 'encrypted_code_execution_result';
}
export type CodeExecutionToolResultBlockContent = CodeExecutionToolResultErrorObject | CodeExecutionResultBlock | EncryptedCodeExecutionResultBlock;
export interface BashCodeExecutionToolResultErrorObject {
    error_code: BashCodeExecutionToolResultErrorCode;
    type: 'bash_code_execution_tool_result_error';
}
export interface BashCodeExecutionOutputBlock {
    file_id: string;
    type: 'bash_code_execution_output';
}
export interface BashCodeExecutionResultBlock {
    content: BashCodeExecutionOutputBlock[];
    return_code: number;
    stderr: string;
    stdout: string;
    type: 'bash_code_execution_result';
}
export interface TextEditorCodeExecutionToolResultErrorObject {
    error_code: TextEditorCodeExecutionToolResultErrorCode;
    error_message: string | null;
    type: 'text_editor_code_execution_tool_result_error';
}
export interface TextEditorCodeExecutionViewResultBlock {
    content: string;
    file_type: 'text' | 'image' | 'pdf';
    num_lines: number | null;
    start_line: number | null;
    total_lines: number | null;
    type: 'text_editor_code_execution_view_result';
}
export interface TextEditorCodeExecutionCreateResultBlock {
    is_file_update: boolean;
    type: 'text_editor_code_execution_create_result';
}
export interface TextEditorCodeExecutionStrReplaceResultBlock {
    lines: string[] | null;
    new_lines: number | null;
    new_start: number | null;
    old_lines: number | null;
    old_start: number | null;
    type: 'text_editor_code_execution_str_replace_result';
}
export interface ToolSearchToolResultErrorObject {
    error_code: ToolSearchToolResultErrorCode;
    error_message: string | null;
    type: 'tool_search_tool_result_error';
}
export interface ToolReferenceBlock {
    tool_name: string;
    type: 'tool_reference';
}
export interface ToolSearchToolSearchResultBlock {
    tool_references: ToolReferenceBlock[];
    type: 'tool_search_tool_search_result';
}
export interface CacheMissModelChanged {
    cache_missed_input_tokens: number;
    type: 'model_changed';
}
export interface CacheMissSystemChanged {
    cache_missed_input_tokens: number;
    type: 'system_changed';
}
export interface CacheMissToolsChanged {
    cache_missed_input_tokens: number;
    type: 'tools_changed';
}
export interface CacheMissMessagesChanged {
    cache_missed_input_tokens: number;
    type: 'messages_changed';
}
export interface CacheMissPreviousMessageNotFound {
    type: 'previous_message_not_found';
}
export interface CacheMissUnavailable {
    type: 'unavailable';
}
export type CacheMissReason = CacheMissModelChanged | CacheMissSystemChanged | CacheMissToolsChanged | CacheMissMessagesChanged | CacheMissPreviousMessageNotFound | CacheMissUnavailable;
export type Model = 'claude-fable-5-2' | 'claude-mythos-5-2' | 'claude-haiku-5-5' | 'claude-sonnet-5-5' | 'claude-fable-5-1' | 'claude-opus-5-5' | 'claude-mythos-5-1' | 'claude-sonnet-5' | 'claude-fable-5' | 'claude-mythos-5' | 'claude-opus-5' | 'claude-opus-4-8' | 'claude-opus-4-7' | 'claude-mythos-preview' | 'claude-opus-4-6' | 'claude-sonnet-4-6' | 'claude-haiku-4-5' | 'claude-haiku-4-5-20251001' | 'claude-opus-4-5' | 'claude-opus-4-5-20251101' | 'claude-sonnet-4-5' | 'claude-sonnet-4-5-20250929' | (string & {});
"#;
