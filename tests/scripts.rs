//! The shipped job scripts: `scripts/check-shards.sh` plays a tournament and an experiment as
//! shards with the GNU parallel recipe (`scripts/parallel-shards.sh`; its plain-bash mode where
//! GNU parallel is not installed) and checks the merged folders against unsharded runs.

mod common;

use std::process::Command;

#[test]
fn the_parallel_recipe_merges_into_the_unsharded_run() {
    let dir = common::cli::scratch("scripts", "check-shards");
    let out = Command::new("bash")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/check-shards.sh"
        ))
        .arg(&dir)
        .env("MEEPLELAB", env!("CARGO_BIN_EXE_meeplelab"))
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("3 merged shards equal the unsharded run"),
        "{text}"
    );
}
