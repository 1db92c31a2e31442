//! Events form a tree through `parent_event_id`. Building it reports what keeps a list of
//! events from being one: unusable ids, duplicate ids, parents that are not among the events
//! (`dangling_parent`) and parent links that loop (`cycle`). The result is always a forest, so
//! walking it from the roots visits every placed event exactly once and terminates.

use crate::validate::{quoted, write_path, PathSeg};

/// What one event's `id` or `parent_event_id` holds, as JavaScript read it.
#[derive(Debug, Clone, PartialEq)]
pub enum Slot {
    Str(String),
    Null,
    /// Anything else: the text names it (`"undefined"` when absent, `"ill_formed"` for a
    /// string with a lone surrogate, `"unreadable"` when reading it threw, else its kind).
    Other(String),
}

/// One event of the list, reduced to what the tree needs.
#[derive(Debug, Clone, PartialEq)]
pub enum EventRef {
    Event {
        id: Slot,
        parent: Slot,
    },
    /// Not an object: its kind.
    NotObject(String),
}

impl EventRef {
    pub fn new(id: Option<&str>, parent: Option<&str>) -> EventRef {
        EventRef::Event {
            id: id.map_or(Slot::Null, |s| Slot::Str(s.into())),
            parent: parent.map_or(Slot::Null, |s| Slot::Str(s.into())),
        }
    }
}

/// Slot codes at the wasm boundary (two per event, id then parent, each with a text).
pub use crate::boundary::slot::{
    NOT_OBJECT as SLOT_NOT_OBJECT, NULL as SLOT_NULL, OTHER as SLOT_OTHER, STR as SLOT_STR,
};

/// Events from the flat form JavaScript sends: `codes` and `texts`, two of each per event.
pub fn from_slots(codes: &[u8], mut texts: Vec<String>) -> Vec<EventRef> {
    let n = codes.len().min(texts.len()) / 2;
    texts.truncate(n * 2);
    let mut texts = texts.into_iter();
    let mut next = |code: u8| {
        let text = texts.next().unwrap_or_default();
        match code {
            SLOT_STR => Slot::Str(text),
            SLOT_NULL => Slot::Null,
            _ => Slot::Other(text),
        }
    };
    (0..n)
        .map(|i| {
            let (a, b) = (codes[2 * i], codes[2 * i + 1]);
            let id = next(a);
            let parent = next(b);
            match (a, id) {
                (SLOT_NOT_OBJECT, Slot::Other(kind)) => EventRef::NotObject(kind),
                (_, id) => EventRef::Event { id, parent },
            }
        })
        .collect()
}

/// A problem that keeps an event from its place: `{ code, path, message, expected?, received? }`
/// like a validation issue; `path` starts with the event's index.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeIssue {
    pub code: &'static str,
    pub path: Vec<PathSeg>,
    pub message: String,
    pub expected: Option<String>,
    pub received: Option<String>,
}

/// The forest, by event index.
#[derive(Debug, Default, PartialEq)]
pub struct EventTree {
    /// Events without a parent, in list order: `parent_event_id` null, a parent that is not
    /// among the events or cannot be read, or the event where a cycle was cut.
    pub roots: Vec<usize>,
    /// `(parent, children)`, by parent index; children in list order. Only parents with children.
    pub children: Vec<(usize, Vec<usize>)>,
    pub issues: Vec<TreeIssue>,
}

fn issue(
    code: &'static str,
    index: usize,
    field: Option<&str>,
    message: String,
    expected: Option<&str>,
    received: Option<String>,
) -> TreeIssue {
    let mut path = vec![PathSeg::Index(index as u32)];
    if let Some(f) = field {
        path.push(PathSeg::key(f));
    }
    TreeIssue {
        code,
        path,
        message,
        expected: expected.map(str::to_string),
        received,
    }
}

/// An unusable `id` or `parent_event_id`.
fn slot_issue(index: usize, field: &str, kind: &str, expected: &str) -> TreeIssue {
    let (code, received, message) = match kind {
        "undefined" => (
            "missing",
            "undefined".to_string(),
            format!("required property {} is missing", quoted(field)),
        ),
        "ill_formed" => (
            "ill_formed_string",
            "a string with a lone surrogate".to_string(),
            "the string contains a lone surrogate (UTF-16 half of a character)".to_string(),
        ),
        "unreadable" => (
            "unreadable",
            "a value that threw when read".to_string(),
            "reading this value threw".to_string(),
        ),
        other => (
            "invalid_type",
            other.to_string(),
            format!("expected {expected}, received {other}"),
        ),
    };
    issue(
        code,
        index,
        Some(field),
        message,
        Some(expected),
        Some(received),
    )
}

/// Short enough for a message.
fn show(id: &str) -> String {
    let mut s: String = id.chars().take(64).collect();
    if s.len() < id.len() {
        s.push('…');
    }
    quoted(&s)
}

/// The first event holding each usable id: a [`crate::fnv::Table`] of event indices (a std
/// map or a sort would add several kilobytes of wasm).
struct IdTable<'a> {
    events: &'a [EventRef],
    table: crate::fnv::Table,
}

fn id_of(e: &EventRef) -> Option<&str> {
    match e {
        EventRef::Event {
            id: Slot::Str(s), ..
        } => Some(s),
        _ => None,
    }
}

impl IdTable<'_> {
    fn new(events: &[EventRef]) -> IdTable<'_> {
        let mut table = crate::fnv::Table::with_capacity(events.len());
        for (i, e) in events.iter().enumerate() {
            let Some(id) = id_of(e) else { continue };
            // An earlier event holding it stays.
            table.insert(crate::fnv::bytes(id.as_bytes()), i, |held| {
                id_of(&events[held]) == Some(id)
            });
        }
        IdTable { events, table }
    }

    fn get(&self, id: &str) -> Option<usize> {
        self.table.get(crate::fnv::bytes(id.as_bytes()), |held| {
            id_of(&self.events[held]) == Some(id)
        })
    }
}

/// What building the forest knows per event, in list order.
struct Forest<'a> {
    events: &'a [EventRef],
    /// The index of the first event holding each usable id.
    holder: IdTable<'a>,
    /// Issues by event, so that they come out in list order.
    found: Vec<Vec<TreeIssue>>,
    /// Placed at all.
    placed: Vec<bool>,
    /// The parent's text, when the event names one.
    parent_text: Vec<Option<&'a str>>,
    /// The parent's index, once resolved.
    parent_of: Vec<Option<usize>>,
}

/// Build the forest of `events`. Never fails; what cannot be placed is reported.
pub fn build(events: &[EventRef]) -> EventTree {
    let n = events.len();
    let mut f = Forest {
        events,
        holder: IdTable::new(events),
        found: vec![Vec::new(); n],
        placed: vec![false; n],
        parent_text: vec![None; n],
        parent_of: vec![None; n],
    };
    for (i, e) in events.iter().enumerate() {
        f.place(i, e);
    }
    f.resolve_parents();
    f.cut_cycles();
    f.into_tree()
}

impl<'a> Forest<'a> {
    /// Places event `i` when it is an event with a usable id no earlier event holds, and notes
    /// its parent's text.
    fn place(&mut self, i: usize, e: &'a EventRef) {
        let (id, parent) = match e {
            EventRef::NotObject(not_object) => {
                self.found[i].push(issue(
                    "invalid_type",
                    i,
                    None,
                    format!("expected Event, received {not_object}"),
                    Some("Event"),
                    Some(not_object.clone()),
                ));
                return;
            }
            EventRef::Event { id, parent } => (id, parent),
        };
        let id = match id {
            Slot::Str(s) => s.as_str(),
            Slot::Null => {
                self.found[i].push(slot_issue(i, "id", "null", "string"));
                return;
            }
            Slot::Other(kind) => {
                self.found[i].push(slot_issue(i, "id", kind, "string"));
                return;
            }
        };
        let first = self.holder.get(id).unwrap_or(i);
        if first != i {
            self.found[i].push(issue(
                "duplicate_id",
                i,
                Some("id"),
                format!(
                    "event {} has the id of event {first}; it is left out of the tree (its children could not be told from the first one's)",
                    show(id)
                ),
                Some("an id no earlier event has"),
                Some(show(id)),
            ));
            return;
        }
        self.placed[i] = true;
        match parent {
            Slot::Str(p) => self.parent_text[i] = Some(p.as_str()),
            Slot::Null => {}
            Slot::Other(kind) => {
                self.found[i].push(slot_issue(i, "parent_event_id", kind, "string | null"));
            }
        }
    }

    /// Resolves parents; a parent that is not among the events makes a root.
    fn resolve_parents(&mut self) {
        for i in 0..self.events.len() {
            let Some(p) = self.parent_text[i] else {
                continue;
            };
            match self.holder.get(p) {
                Some(pi) => self.parent_of[i] = Some(pi),
                None => self.found[i].push(issue(
                    "dangling_parent",
                    i,
                    Some("parent_event_id"),
                    format!(
                        "parent event {} is not among the events; this event is taken as a root",
                        show(p)
                    ),
                    Some("the id of one of the events"),
                    Some(show(p)),
                )),
            }
        }
    }

    /// Cycles: follow parent links; a walk that meets its own path has found one. Each cycle
    /// is cut at its first event in list order, which becomes a root.
    fn cut_cycles(&mut self) {
        const NEW: u8 = 0;
        const ON_PATH: u8 = 1;
        const DONE: u8 = 2;
        let n = self.events.len();
        let mut state = vec![NEW; n];
        let mut path: Vec<usize> = Vec::new();
        for start in 0..n {
            if !self.placed[start] || state[start] != NEW {
                continue;
            }
            path.clear();
            let mut at = Some(start);
            while let Some(i) = at {
                match state[i] {
                    NEW => {
                        state[i] = ON_PATH;
                        path.push(i);
                        at = self.parent_of[i];
                    }
                    ON_PATH => {
                        let from = path.iter().position(|&x| x == i).unwrap_or(0);
                        self.cut_ring(&path[from..], i);
                        break;
                    }
                    _ => break,
                }
            }
            for &i in &path {
                state[i] = DONE;
            }
        }
    }

    /// Cuts a cycle (`ring`, met again at event `i`) at its first event in list order, and
    /// reports it there.
    fn cut_ring(&mut self, ring: &[usize], i: usize) {
        let cut = *ring.iter().min().unwrap_or(&i);
        // The ring as its parent links run, starting at the cut event.
        let k = ring.iter().position(|&x| x == cut).unwrap_or(0);
        let events = self.events;
        let id_of = |x: usize| match &events[x] {
            EventRef::Event {
                id: Slot::Str(s), ..
            } => show(s),
            _ => String::new(),
        };
        // At most 8 links spelled out: a ring may hold every event.
        let mut order: Vec<String> = ring[k..]
            .iter()
            .chain(&ring[..k])
            .take(8)
            .map(|&x| id_of(x))
            .collect();
        if ring.len() > 8 {
            order.push(format!("… {} events in all", ring.len()));
        }
        order.push(id_of(cut));
        let received = self.parent_text[cut].map(show);
        self.found[cut].push(issue(
            "cycle",
            cut,
            Some("parent_event_id"),
            format!(
                "parent_event_id links form a cycle ({}); this event is taken as a root",
                order.join(" → ")
            ),
            Some("a parent that is not its own descendant"),
            received,
        ));
        self.parent_of[cut] = None;
    }

    /// The roots, each parent's children and the issues, in list order.
    fn into_tree(self) -> EventTree {
        let n = self.events.len();
        let mut tree = EventTree::default();
        let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
        for i in 0..n {
            if !self.placed[i] {
                continue;
            }
            match self.parent_of[i] {
                Some(p) => kids[p].push(i),
                None => tree.roots.push(i),
            }
        }
        tree.children = kids
            .into_iter()
            .enumerate()
            .filter(|(_, c)| !c.is_empty())
            .collect();
        for list in self.found {
            tree.issues.extend(list);
        }
        tree
    }
}

fn write_indices(out: &mut String, list: &[usize]) {
    out.push('[');
    for (n, i) in list.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str(&i.to_string());
    }
    out.push(']');
}

impl EventTree {
    /// `{"roots":[..],"children":[[parent,[..]],..],"issues":[{code,path,message,expected?,received?},..]}`.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"roots\":");
        write_indices(&mut out, &self.roots);
        out.push_str(",\"children\":[");
        for (n, (p, c)) in self.children.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            out.push('[');
            out.push_str(&p.to_string());
            out.push(',');
            write_indices(&mut out, c);
            out.push(']');
        }
        out.push_str("],\"issues\":[");
        for (n, i) in self.issues.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            out.push_str("{\"code\":");
            crate::validate::write_json_string(&mut out, i.code);
            out.push_str(",\"path\":");
            write_path(&mut out, &i.path);
            out.push_str(",\"message\":");
            crate::validate::write_json_string(&mut out, &i.message);
            for (key, v) in [("expected", &i.expected), ("received", &i.received)] {
                if let Some(v) = v {
                    out.push_str(",\"");
                    out.push_str(key);
                    out.push_str("\":");
                    crate::validate::write_json_string(&mut out, v);
                }
            }
            out.push('}');
        }
        out.push_str("]}");
        out
    }
}
