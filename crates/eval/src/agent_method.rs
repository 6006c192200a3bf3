//! The AU-RAG agent as an evaluation method: the same [`Agent::ask`] the
//! app and the CLI call, over the pool's catalog, with a Think Tank built
//! once from every guide and filtered per question to the guides the
//! harness admits (leave-one-context-out).

use std::collections::HashSet;

use super::{EvalError, Method, MethodAnswer, MethodOutput};
use crate::agent::catalog::Catalog;
use crate::agent::thinktank::ThinkTank;
use crate::agent::{Agent, AgentError};
use crate::guide::Guide;

pub struct AgentMethod<'a> {
    pub agent: Agent<'a>,
    pub tank: &'a ThinkTank,
}

impl From<AgentError> for EvalError {
    fn from(e: AgentError) -> Self {
        EvalError::Agent { code: e.code(), reason: e.to_string() }
    }
}

impl Method for AgentMethod<'_> {
    fn name(&self) -> &str {
        "agent"
    }

    fn describe(&self) -> serde_json::Value {
        let mut d = self.agent.describe();
        d["think_tank"] = serde_json::json!(crate::agent::thinktank::GuideRetriever::len(self.tank));
        d
    }

    fn run(&self, question: &str, catalog: &dyn Catalog, guides: &[&Guide]) -> Result<MethodOutput, EvalError> {
        let allowed: HashSet<&str> = guides.iter().map(|g| g.id.as_str()).collect();
        let allow = |g: &Guide| allowed.contains(g.id.as_str());
        let run = self.agent.ask(question, catalog, Some(self.tank), &allow, None)?;
        let answer = (!run.answer.unknown).then(|| MethodAnswer { answer: run.answer.predicted.clone(), text: run.answer.text.clone() });
        Ok(MethodOutput {
            retrieved: run.selected.clone(),
            actions: run.actions.iter().map(|r| r.action.clone()).collect(),
            answer,
            trace: serde_json::to_value(&run.trace).unwrap_or_default(),
        })
    }
}
