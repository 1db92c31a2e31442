//! The command line's two stages over any bytes as JSONL: no panic, the digest a first stage
//! writes always reads back, and the second stage finds the same through a digest (a worker's
//! batch) as through the records kept on its own thread.
#![no_main]
use agent_messages::formats::Format;
use agent_messages::log::conversations::Conversations;
use agent_messages::log::units::Units;
use agent_messages::log::Config;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    // The first byte: a format given, or detection; with or without a group.
    let formats = Format::ALL.len() + 1;
    let config = Config {
        format: Format::ALL.get(pick as usize % formats).copied(),
        group_by: (pick as usize / formats % 2 == 1).then(|| "thread_id".to_string()),
        ..Config::default()
    };
    let mut units = Units::new(config.clone());
    let mut second = Conversations::new(config.clone());
    let batch = units.check_lines(text, 0);
    let found = second.feed(&batch.digest, 1).expect("a digest reads back");
    let mut kept = Units::new(config.clone());
    kept.fuse();
    let mut fused = Conversations::new(config);
    let batch2 = kept.check_lines(text, 0);
    let found2 = fused.feed_records(kept.take_records(), 1);
    assert_eq!(batch.issues, batch2.issues);
    assert_eq!(found, found2);
    assert_eq!(second.finish(), fused.finish());
    assert_eq!(second.records, fused.records);
});
