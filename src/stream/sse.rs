//! Server-sent events, read incrementally from bytes that may split anywhere (inside a line,
//! between `\r` and `\n`, inside a UTF-8 sequence). (Stub: the parser is being written.)

/// One dispatched event: its `event:` name (if any) and its `data:` lines joined by `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event<'a> {
    pub event: Option<&'a [u8]>,
    pub data: &'a [u8],
}

/// The parser's state between two pieces of input.
#[derive(Default, Debug)]
pub struct Parser {}

impl Parser {
    /// Read `bytes`, calling `on_event` for each event they complete.
    pub fn feed(&mut self, _bytes: &[u8], _on_event: &mut dyn FnMut(Event<'_>)) {}

    /// The input ended: dispatch an event the last bytes left without its blank line.
    pub fn end(&mut self, _on_event: &mut dyn FnMut(Event<'_>)) {}
}
