//! What `relnotes cache info` and `relnotes cache clean` print.

use super::{CacheInfo, Cleaned};
use model::CommandReport;

impl CommandReport for CacheInfo {
    fn to_text(&self) -> String {
        let rows = [
            ["directory".to_string(), self.dir.display().to_string()],
            ["entries".to_string(), format!("{} layers", self.entries)],
            [
                "size".to_string(),
                format!(
                    "{} of {} ({} bytes)",
                    human_bytes(self.bytes),
                    human_bytes(self.max_bytes),
                    self.bytes
                ),
            ],
            [
                "format".to_string(),
                format!(
                    "{} (catalog filter {})",
                    self.format_version, self.filter_version
                ),
            ],
        ];
        model::aligned_columns(&rows, "")
    }
    fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("serialisable");
        json.push('\n');
        json
    }
}

impl CommandReport for Cleaned {
    fn to_text(&self) -> String {
        format!(
            "removed {} layers ({}) from {}\n",
            self.entries,
            human_bytes(self.bytes),
            self.dir.display()
        )
    }
    fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("serialisable");
        json.push('\n');
        json
    }
}

/// `1.5 MiB`: a size for people, in powers of 1024.
fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_for_people() {
        assert_eq!(human_bytes(0), "0 bytes");
        assert_eq!(human_bytes(1023), "1023 bytes");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(1 << 30), "1.0 GiB");
    }

    #[test]
    fn info_is_a_table_of_two_columns() {
        let info = CacheInfo {
            dir: "/home/u/.cache/relnotes/layers".into(),
            entries: 12,
            bytes: 1536,
            max_bytes: 1 << 30,
            format_version: 7,
            filter_version: 3,
        };
        assert_eq!(
            info.to_text(),
            "directory  /home/u/.cache/relnotes/layers\n\
             entries    12 layers\n\
             size       1.5 KiB of 1.0 GiB (1536 bytes)\n\
             format     7 (catalog filter 3)\n"
        );
    }
}
