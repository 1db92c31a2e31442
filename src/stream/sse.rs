//! Server-sent events, read incrementally from bytes that may split anywhere (inside a line,
//! between `\r` and `\n`, inside a UTF-8 sequence).
//!
//! The WHATWG event-stream rules: lines end with `\r\n`, `\n` or `\r`; a line starting with
//! `:` is a comment; `field: value` loses one space after the colon (a line without a colon is
//! a field with an empty value); `data` lines are joined with `\n`; `event` names the event;
//! `id`, `retry` and unknown fields are ignored; a blank line dispatches the event if it has
//! data (else it only resets the name); a UTF-8 BOM at the very start is skipped. One
//! deviation, on purpose: [`Parser::end`] dispatches an event whose blank line never came
//! (recordings often lack the last newline).
//!
//! Data stays bytes. An event that one piece holds whole, with one `data` line, is handed out
//! as a slice of that piece; otherwise the parser keeps the line not ended yet and the data of
//! the event not dispatched yet, no more.

/// One dispatched event: its `event:` name (if any) and its `data:` lines joined by `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event<'a> {
    pub event: Option<&'a [u8]>,
    pub data: &'a [u8],
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Where the data of the event being read is.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
enum Data {
    /// No `data` line yet.
    #[default]
    None,
    /// One `data` line, at this range of the piece being read.
    Piece(usize, usize),
    /// In [`Parser::data`].
    Kept,
}

/// The parser's state between two pieces of input.
#[derive(Default, Debug)]
pub struct Parser {
    /// The stream's first bytes were read (a BOM skipped, or none there).
    started: bool,
    /// How many bytes of a BOM the stream began with so far (before `started`).
    bom: u8,
    /// The last piece ended with `\r`: a `\n` starting the next one ends nothing.
    after_cr: bool,
    /// The line not ended yet, when a piece ended inside it.
    line: Vec<u8>,
    /// The event's name (empty: none).
    name: Vec<u8>,
    data: Data,
    /// The event's data, when not a slice of the piece being read.
    kept: Vec<u8>,
}

impl Parser {
    /// Read `bytes`, calling `on_event` for each event they complete.
    pub fn feed(&mut self, mut bytes: &[u8], on_event: &mut dyn FnMut(Event<'_>)) {
        if !self.started {
            let matched = bytes
                .iter()
                .zip(&BOM[self.bom as usize..])
                .take_while(|(b, m)| b == m)
                .count();
            self.bom += matched as u8;
            if self.bom as usize == BOM.len() {
                bytes = &bytes[matched..];
            } else if matched == bytes.len() {
                return; // all of it may still be a BOM
            } else {
                // Not a BOM: the bytes taken for one are the first line's.
                self.line.extend_from_slice(&BOM[..self.bom as usize]);
                bytes = &bytes[matched..];
            }
            self.started = true;
        }
        if self.after_cr && !bytes.is_empty() {
            self.after_cr = false;
            if bytes[0] == b'\n' {
                bytes = &bytes[1..];
            }
        }
        let mut start = 0;
        while let Some(n) = bytes[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
        {
            let end = start + n;
            if self.line.is_empty() {
                self.line(bytes, start, end, true, on_event);
            } else {
                let mut line = std::mem::take(&mut self.line);
                line.extend_from_slice(&bytes[start..end]);
                self.line(&line, 0, line.len(), false, on_event);
                // Pieces of lines come back alike: keep the capacity.
                line.clear();
                self.line = line;
            }
            start = end + 1;
            if bytes[end] == b'\r' {
                match bytes.get(start) {
                    Some(b'\n') => start += 1,
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
        }
        self.line.extend_from_slice(&bytes[start..]);
        // The piece goes: data read from it is kept.
        if let Data::Piece(from, to) = self.data {
            self.kept.clear();
            self.kept.extend_from_slice(&bytes[from..to]);
            self.data = Data::Kept;
        }
    }

    /// The input ended: dispatch an event the last bytes left without its blank line.
    pub fn end(&mut self, on_event: &mut dyn FnMut(Event<'_>)) {
        if !self.started {
            self.line.extend_from_slice(&BOM[..self.bom as usize]);
        }
        let line = std::mem::take(&mut self.line);
        if !line.is_empty() {
            self.line(&line, 0, line.len(), false, on_event);
        }
        self.dispatch(&[], on_event);
        *self = Parser::default();
    }

    /// The line at `from..to` of `source`: the piece being read if `in_piece`, else a line
    /// kept across pieces (never blank: it holds what the last piece ended with).
    fn line(
        &mut self,
        source: &[u8],
        from: usize,
        to: usize,
        in_piece: bool,
        on_event: &mut dyn FnMut(Event<'_>),
    ) {
        let line = &source[from..to];
        let Some(&first) = line.first() else {
            return self.dispatch(source, on_event);
        };
        if first == b':' {
            return;
        }
        let (field, value) = match line.iter().position(|&b| b == b':') {
            Some(c) => {
                let skip = c + 1 + usize::from(line.get(c + 1) == Some(&b' '));
                (&line[..c], from + skip)
            }
            None => (line, to),
        };
        match field {
            b"data" => self.push_data(source, value, to, in_piece),
            b"event" => {
                self.name.clear();
                self.name.extend_from_slice(&source[value..to]);
            }
            _ => {}
        }
    }

    /// A `data` line's value, at `from..to` of `source`.
    fn push_data(&mut self, source: &[u8], from: usize, to: usize, in_piece: bool) {
        let value = &source[from..to];
        match self.data {
            Data::None if in_piece => self.data = Data::Piece(from, to),
            Data::None => {
                self.kept.clear();
                self.kept.extend_from_slice(value);
                self.data = Data::Kept;
            }
            // Then this line is in the piece too: a line kept across pieces is the first
            // one a piece ends, and a piece's data is kept when it has been read.
            Data::Piece(a, b) => {
                self.kept.clear();
                self.kept.extend_from_slice(&source[a..b]);
                self.kept.push(b'\n');
                self.kept.extend_from_slice(value);
                self.data = Data::Kept;
            }
            Data::Kept => {
                self.kept.push(b'\n');
                self.kept.extend_from_slice(value);
            }
        }
    }

    /// A blank line: the event, if it has data; then a new one begins.
    fn dispatch(&mut self, piece: &[u8], on_event: &mut dyn FnMut(Event<'_>)) {
        let data = match self.data {
            Data::None => None,
            Data::Piece(from, to) => Some(&piece[from..to]),
            Data::Kept => Some(&self.kept[..]),
        };
        if let Some(data) = data {
            on_event(Event {
                event: (!self.name.is_empty()).then_some(&self.name[..]),
                data,
            });
        }
        self.data = Data::None;
        self.kept.clear();
        self.name.clear();
    }
}
