//! The Compute step: arithmetic over cited values, done by our code and
//! never by a model, so every computed answer shows its formula and the
//! cells or sentences each operand came from.

use serde::{Deserialize, Serialize};

use super::intent::Operation;
use crate::action::EvidenceKey;

/// One number taken from the evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Operand {
    pub value: f64,
    /// As displayed in the source ("$1,202.9", "(12.6)").
    pub shown: String,
    /// What it is: "Revenue | 2019".
    pub label: String,
    /// Where it was read: `Sheet1!B4`, `SQL row 2, column revenue: ...`.
    pub locator: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<EvidenceKey>,
}

/// A finished computation, as the trace shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Computation {
    pub operation: Operation,
    /// With the operands' values: "(1,496.5 - 1,202.9) / 1,202.9 × 100".
    pub formula: String,
    pub operands: Vec<Operand>,
    pub result: f64,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ComputeError {
    #[error("{op:?} needs {need} operands, got {got}")]
    Arity { op: Operation, need: usize, got: usize },
    #[error("{op:?} divides by zero ({label})")]
    DivideByZero { op: Operation, label: String },
}

fn show(x: f64) -> String {
    let r = (x * 10_000.0).round() / 10_000.0;
    let s = format!("{r}");
    if s.starts_with('-') { format!("({s})") } else { s }
}

/// Carries out `op` over `operands`. Order matters: for `Difference` and
/// `PercentChange` operands are [later, earlier]; for `PercentOf` and
/// `Ratio` they are [part, whole].
pub fn compute(op: Operation, operands: Vec<Operand>) -> Result<Computation, ComputeError> {
    let n = operands.len();
    let v: Vec<f64> = operands.iter().map(|o| o.value).collect();
    let arity = |need: usize| if n < need { Err(ComputeError::Arity { op, need, got: n }) } else { Ok(()) };
    let (formula, result) = match op {
        Operation::Difference => {
            arity(2)?;
            (format!("{} - {}", show(v[0]), show(v[1])), v[0] - v[1])
        }
        Operation::PercentChange => {
            arity(2)?;
            if v[1] == 0.0 {
                return Err(ComputeError::DivideByZero { op, label: operands[1].label.clone() });
            }
            (format!("({} - {}) / {} × 100", show(v[0]), show(v[1]), show(v[1])), (v[0] - v[1]) / v[1] * 100.0)
        }
        Operation::Average => {
            arity(2)?;
            (format!("({}) / {n}", v.iter().map(|x| show(*x)).collect::<Vec<_>>().join(" + ")), v.iter().sum::<f64>() / n as f64)
        }
        Operation::Sum => {
            arity(2)?;
            (v.iter().map(|x| show(*x)).collect::<Vec<_>>().join(" + "), v.iter().sum())
        }
        Operation::PercentOf | Operation::Ratio => {
            arity(2)?;
            if v[1] == 0.0 {
                return Err(ComputeError::DivideByZero { op, label: operands[1].label.clone() });
            }
            if op == Operation::PercentOf {
                (format!("{} / {} × 100", show(v[0]), show(v[1])), v[0] / v[1] * 100.0)
            } else {
                (format!("{} / {}", show(v[0]), show(v[1])), v[0] / v[1])
            }
        }
    };
    Ok(Computation { operation: op, formula, operands, result })
}

/// A computed number as an answer string: at most two decimals, no
/// trailing zeros ("-6.7", "425855", "16.36").
pub fn format_result(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(v: f64) -> Operand {
        Operand { value: v, shown: v.to_string(), label: format!("x{v}"), locator: "A1".into(), evidence: Some(EvidenceKey::Cell { source: "t".into(), row: 0, col: 0 }) }
    }

    #[test]
    fn formulas_and_results() {
        let c = compute(Operation::PercentChange, vec![op(668.0), op(716.0)]).unwrap();
        assert_eq!(format_result(c.result), "-6.7");
        assert_eq!(c.formula, "(668 - 716) / 716 × 100");
        let c = compute(Operation::Average, vec![op(428_501.0), op(423_209.0)]).unwrap();
        assert_eq!(format_result(c.result), "425855");
        let c = compute(Operation::Difference, vec![op(-1.9), op(-2.2)]).unwrap();
        assert_eq!(format_result(c.result), "0.3");
        assert_eq!(c.formula, "(-1.9) - (-2.2)");
        let c = compute(Operation::PercentOf, vec![op(10.0), op(39.9)]).unwrap();
        assert_eq!(format_result(c.result), "25.06");
        assert_eq!(format_result(compute(Operation::Sum, vec![op(34.0), op(11.0)]).unwrap().result), "45");
        assert_eq!(format_result(compute(Operation::Ratio, vec![op(1.0), op(4.0)]).unwrap().result), "0.25");
        assert!(matches!(compute(Operation::PercentChange, vec![op(1.0), op(0.0)]), Err(ComputeError::DivideByZero { .. })));
        assert!(matches!(compute(Operation::Average, vec![op(1.0)]), Err(ComputeError::Arity { need: 2, got: 1, .. })));
    }
}
