//! What an answer says, as the metrics read it: one or more spans and the
//! scale they are stated in. It lives in the core because the agent writes it
//! and the evaluation scores it; neither layer should reach into the other.

use serde::Serialize;

/// A system answer: one or more spans and the scale they are stated in
/// (empty when the text itself carries it, e.g. "$1.2 million").
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PredictedAnswer {
    pub spans: Vec<String>,
    #[serde(default)]
    pub scale: String,
}

/// Multiplier of a scale word ("thousand", "million", "percent", ...).
pub fn scale_to_num(scale: &str) -> f64 {
    let s = scale.to_lowercase();
    if s.contains("hundred") {
        100.0
    } else if s.contains("thousand") {
        1e3
    } else if s.contains("million") {
        1e6
    } else if s.contains("billion") {
        1e9
    } else if s.contains("percent") {
        0.01
    } else {
        1.0
    }
}
