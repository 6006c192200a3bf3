//! The `LanguageModel` stage: chat prompts in, streamed tokens out.
//!
//! A model renders messages with its family's chat template, decodes
//! greedily by default (temperature 0, so runs repeat exactly), streams
//! each piece of text as it is decoded, and stops at a stop sequence, at
//! the end-of-turn token, at `max_tokens`, or when the caller cancels.
//! The trait is synchronous and `Send + Sync`; [`stream`] runs a generation
//! on its own thread and hands tokens over a channel, so inference never
//! blocks the async runtime or the UI.
//!
//! [`ScriptedModel`] is the deterministic double: it "generates" given
//! replies word by word under the same stop rules. [`gguf::GgufModel`] runs
//! quantized GGUF instruction models (Qwen2/Qwen2.5, Llama 3.x) on Candle.

pub mod json;
pub mod sql_grammar;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use serde::{Deserialize, Serialize};

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("cannot load language model from {path}: {reason}")]
    Load { path: String, reason: String },
    #[error("language model '{model}' failed: {reason}")]
    Inference { model: String, reason: String },
    #[error("the prompt has {tokens} tokens, over the model's context of {limit}")]
    PromptTooLong { tokens: usize, limit: usize },
    #[error("language model '{model}' gave no valid JSON for the schema: {reason}")]
    Schema { model: String, reason: String },
}

impl LlmError {
    pub fn code(&self) -> &'static str {
        match self {
            LlmError::Load { .. } => "llm_load",
            LlmError::Inference { .. } => "llm_inference",
            LlmError::PromptTooLong { .. } => "llm_prompt_too_long",
            LlmError::Schema { .. } => "llm_schema",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    System,
    User,
    Assistant,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: String,
}

impl Message {
    pub fn system(s: impl Into<String>) -> Self {
        Message { role: Role::System, content: s.into() }
    }
    pub fn user(s: impl Into<String>) -> Self {
        Message { role: Role::User, content: s.into() }
    }
    pub fn assistant(s: impl Into<String>) -> Self {
        Message { role: Role::Assistant, content: s.into() }
    }
}

/// Chat templates of the supported families.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatTemplate {
    /// Qwen2 / Qwen2.5 / Qwen3: `<|im_start|>role\n...<|im_end|>`.
    ChatMl,
    /// Llama 3.x: `<|start_header_id|>role<|end_header_id|>\n\n...<|eot_id|>`.
    Llama3,
    /// Phi-3 / 3.5: `<|role|>\n...<|end|>`.
    Phi3,
}

impl ChatTemplate {
    /// The prompt for `messages`, ending where the assistant's reply begins.
    pub fn render(self, messages: &[Message]) -> String {
        let role = |r: Role| match r {
            Role::System => "system",
            Role::User => "user",
            Role::Assistant => "assistant",
        };
        let mut s = String::new();
        match self {
            ChatTemplate::ChatMl => {
                for m in messages {
                    s.push_str(&format!("<|im_start|>{}\n{}<|im_end|>\n", role(m.role), m.content));
                }
                s.push_str("<|im_start|>assistant\n");
            }
            ChatTemplate::Llama3 => {
                s.push_str("<|begin_of_text|>");
                for m in messages {
                    s.push_str(&format!("<|start_header_id|>{}<|end_header_id|>\n\n{}<|eot_id|>", role(m.role), m.content.trim()));
                }
                s.push_str("<|start_header_id|>assistant<|end_header_id|>\n\n");
            }
            ChatTemplate::Phi3 => {
                for m in messages {
                    s.push_str(&format!("<|{}|>\n{}<|end|>\n", role(m.role), m.content));
                }
                s.push_str("<|assistant|>\n");
            }
        }
        s
    }

    /// Tokens that end the assistant's turn.
    pub fn end_of_turn(self) -> &'static [&'static str] {
        match self {
            ChatTemplate::ChatMl => &["<|im_end|>", "<|endoftext|>"],
            ChatTemplate::Llama3 => &["<|eot_id|>", "<|end_of_text|>"],
            ChatTemplate::Phi3 => &["<|end|>", "<|endoftext|>"],
        }
    }
}

/// How to generate.
#[derive(Debug, Clone)]
pub struct GenOptions {
    pub max_tokens: usize,
    /// Generation stops before the first of these; it is not part of the text.
    pub stop: Vec<String>,
    /// 0 decodes greedily (deterministic).
    pub temperature: f64,
    pub seed: u64,
    /// Set to stop a generation from another thread.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Constrain the output to this JSON schema: tokens that would break it
    /// are masked, and generation ends when the document is complete.
    pub schema: Option<Arc<json::Schema>>,
    /// Constrain the output to SQL over these names and values
    /// ([`sql_grammar`]); generation ends at the statement's `;`.
    pub sql: Option<Arc<sql_grammar::SqlGrammar>>,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions { max_tokens: 256, stop: Vec::new(), temperature: 0.0, seed: 0, cancel: None, schema: None, sql: None }
    }
}

/// Chats under `schema` and parses the reply into `T`: the typed route the
/// agent's LLM steps take (judgments, retrieval actions, intents).
pub fn chat_json<T: serde::de::DeserializeOwned>(model: &dyn LanguageModel, messages: &[Message], schema: json::Schema, opts: &GenOptions) -> Result<T, LlmError> {
    chat_json_with(model, messages, schema, opts, &mut |_| {})
}

/// [`chat_json`], calling `on_text` with each decoded piece as it comes.
pub fn chat_json_with<T: serde::de::DeserializeOwned>(model: &dyn LanguageModel, messages: &[Message], schema: json::Schema, opts: &GenOptions, on_text: &mut dyn FnMut(&str)) -> Result<T, LlmError> {
    let opts = GenOptions { schema: Some(Arc::new(schema)), ..opts.clone() };
    let g = model.chat(messages, &opts, on_text)?;
    serde_json::from_str(g.text.trim()).map_err(|e| LlmError::Schema { model: model.id(), reason: format!("{e} in {:?} (stopped: {:?})", crate::text::truncate_chars(&g.text, 200), g.stop) })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    MaxTokens,
    StopSequence,
    EndOfTurn,
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Generation {
    pub text: String,
    pub prompt_tokens: usize,
    pub tokens: usize,
    pub stop: StopReason,
}

pub trait LanguageModel: Send + Sync {
    fn id(&self) -> String;
    fn template(&self) -> ChatTemplate;
    /// Continues `prompt` (already templated), calling `on_text` with each
    /// newly decoded piece of text.
    fn generate(&self, prompt: &str, opts: &GenOptions, on_text: &mut dyn FnMut(&str)) -> Result<Generation, LlmError>;

    /// The prompt for `messages`, ending where the assistant's reply
    /// begins: the family's template unless the model carries its own.
    fn render(&self, messages: &[Message]) -> String {
        self.template().render(messages)
    }

    /// Renders `messages` with the model's template and generates the reply.
    fn chat(&self, messages: &[Message], opts: &GenOptions, on_text: &mut dyn FnMut(&str)) -> Result<Generation, LlmError> {
        self.generate(&self.render(messages), opts, on_text)
    }
}

/// What a streamed generation sends.
#[derive(Debug)]
pub enum StreamEvent {
    Text(String),
    Done(Result<Generation, LlmError>),
}

/// Runs a chat generation on its own thread; text pieces and the final
/// result arrive on the returned channel. Dropping the receiver does not
/// stop the thread; set `opts.cancel` for that.
pub fn stream(model: Arc<dyn LanguageModel>, messages: Vec<Message>, opts: GenOptions) -> mpsc::Receiver<StreamEvent> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let tx2 = tx.clone();
        let result = model.chat(&messages, &opts, &mut |t| {
            let _ = tx2.send(StreamEvent::Text(t.to_string()));
        });
        let _ = tx.send(StreamEvent::Done(result));
    });
    rx
}

/// The stop rules every model shares: stop sequences (held back until they
/// can no longer be the start of one), max tokens and cancellation.
pub struct Decoding<'a> {
    opts: &'a GenOptions,
    text: String,
    /// Bytes of `text` already handed to the caller.
    emitted: usize,
    pub tokens: usize,
}

impl<'a> Decoding<'a> {
    pub fn new(opts: &'a GenOptions) -> Self {
        Decoding { opts, text: String::new(), emitted: 0, tokens: 0 }
    }

    pub fn cancelled(&self) -> bool {
        self.opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Adds one token's text; returns a stop reason when generation must end.
    pub fn push(&mut self, piece: &str, on_text: &mut dyn FnMut(&str)) -> Option<StopReason> {
        self.tokens += 1;
        self.text.push_str(piece);
        if let Some(pos) = self.opts.stop.iter().filter(|s| !s.is_empty()).filter_map(|s| self.text[self.emitted.min(self.text.len())..].find(s.as_str()).map(|p| p + self.emitted)).min() {
            self.text.truncate(pos);
            self.flush(on_text);
            return Some(StopReason::StopSequence);
        }
        // Hold back a tail that could still grow into a stop sequence.
        let hold = self
            .opts
            .stop
            .iter()
            .map(|s| (1..s.len()).rev().find(|&k| self.text.ends_with(&s[..k]) && s.is_char_boundary(k)).unwrap_or(0))
            .max()
            .unwrap_or(0);
        let upto = self.text.len() - hold;
        if upto > self.emitted && self.text.is_char_boundary(upto) {
            on_text(&self.text[self.emitted..upto]);
            self.emitted = upto;
        }
        if self.tokens >= self.opts.max_tokens {
            self.flush(on_text);
            return Some(StopReason::MaxTokens);
        }
        if self.cancelled() {
            self.flush(on_text);
            return Some(StopReason::Cancelled);
        }
        None
    }

    fn flush(&mut self, on_text: &mut dyn FnMut(&str)) {
        if self.text.len() > self.emitted {
            on_text(&self.text[self.emitted..]);
            self.emitted = self.text.len();
        }
    }

    pub fn finish(mut self, prompt_tokens: usize, stop: StopReason, on_text: &mut dyn FnMut(&str)) -> Generation {
        self.flush(on_text);
        Generation { text: self.text, prompt_tokens, tokens: self.tokens, stop }
    }
}

/// Deterministic stand-in: replies with scripted texts in turn (the last
/// one repeats), one whitespace-separated word per token. Under a JSON
/// schema whose first field has a keyed reply ([`ScriptedModel::keyed`]),
/// that reply is given instead, so a test scripts each agent step by what
/// it asks for rather than by call order.
pub struct ScriptedModel {
    replies: Vec<String>,
    keyed: Vec<(String, String)>,
    next: Mutex<usize>,
}

impl ScriptedModel {
    pub fn new(replies: Vec<String>) -> Self {
        ScriptedModel { replies, keyed: Vec::new(), next: Mutex::new(0) }
    }

    /// Replies by the first field of the requested schema:
    /// `("relevant", r#"{"relevant":true,"reason":"…"}"#)`.
    pub fn keyed(keyed: Vec<(&str, &str)>) -> Self {
        ScriptedModel { replies: Vec::new(), keyed: keyed.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), next: Mutex::new(0) }
    }
}

impl LanguageModel for ScriptedModel {
    fn id(&self) -> String {
        "scripted".into()
    }
    fn template(&self) -> ChatTemplate {
        ChatTemplate::ChatMl
    }
    fn generate(&self, prompt: &str, opts: &GenOptions, on_text: &mut dyn FnMut(&str)) -> Result<Generation, LlmError> {
        let first_field = match opts.schema.as_deref() {
            Some(json::Schema::Object(fields)) => fields.first().map(|f| f.0.clone()),
            _ => None,
        };
        let keyed = first_field.and_then(|k| self.keyed.iter().find(|(key, _)| *key == k).map(|(_, v)| v.clone()));
        let reply = match keyed {
            Some(r) => r,
            None => {
                let mut n = self.next.lock().unwrap_or_else(|e| e.into_inner());
                let r = self.replies.get((*n).min(self.replies.len().saturating_sub(1))).cloned().unwrap_or_default();
                *n += 1;
                r
            }
        };
        let prompt_tokens = prompt.split_whitespace().count();
        let mut d = Decoding::new(opts);
        if d.cancelled() {
            return Ok(d.finish(prompt_tokens, StopReason::Cancelled, on_text));
        }
        let mut pieces = reply.split_inclusive(' ').peekable();
        while let Some(p) = pieces.next() {
            if let Some(stop) = d.push(p, on_text) {
                return Ok(d.finish(prompt_tokens, stop, on_text));
            }
            if pieces.peek().is_none() {
                break;
            }
        }
        Ok(d.finish(prompt_tokens, StopReason::EndOfTurn, on_text))
    }
}

#[cfg(test)]
mod partial_tests {
    use super::partial_string_field as p;

    #[test]
    fn a_string_field_reads_as_it_is_written() {
        assert_eq!(p(r#"{"unknown":false,"ans"#, "answer"), None);
        assert_eq!(p(r#"{"unknown":false,"answer":"#, "answer"), None);
        assert_eq!(p(r#"{"unknown":false,"answer":""#, "answer").as_deref(), Some(""));
        assert_eq!(p(r#"{"unknown":false,"answer": "cost \"plus"#, "answer").as_deref(), Some("cost \"plus"));
        assert_eq!(p(r#"{"answer":"a\nb","evidence":[1]}"#, "answer").as_deref(), Some("a\nb"));
        assert_eq!(p(r#"{"answer":"x\"#, "answer").as_deref(), Some("x"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(m: &dyn LanguageModel, opts: &GenOptions) -> (Generation, Vec<String>) {
        let mut pieces = Vec::new();
        let g = m.chat(&[Message::user("hi")], opts, &mut |t| pieces.push(t.to_string())).unwrap();
        (g, pieces)
    }

    #[test]
    fn templates_render_each_family() {
        let msgs = [Message::system("Be brief."), Message::user("Revenue?")];
        assert_eq!(
            ChatTemplate::ChatMl.render(&msgs),
            "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nRevenue?<|im_end|>\n<|im_start|>assistant\n"
        );
        assert_eq!(
            ChatTemplate::Llama3.render(&msgs),
            "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nRevenue?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n"
        );
        assert_eq!(ChatTemplate::Phi3.render(&msgs[1..]), "<|user|>\nRevenue?<|end|>\n<|assistant|>\n");
    }

    #[test]
    fn stop_sequences_max_tokens_and_cancel() {
        let m = ScriptedModel::new(vec!["The answer is 42 . END more text".into()]);
        let (g, pieces) = collect(&m, &GenOptions { stop: vec!["END".into()], ..Default::default() });
        assert_eq!(g.text, "The answer is 42 . ");
        assert_eq!(g.stop, StopReason::StopSequence);
        assert_eq!(pieces.concat(), g.text);
        assert!(!pieces.concat().contains("END"));

        let m = ScriptedModel::new(vec!["a b c d e f".into()]);
        let (g, pieces) = collect(&m, &GenOptions { max_tokens: 3, ..Default::default() });
        assert_eq!((g.text.as_str(), g.tokens, g.stop), ("a b c ", 3, StopReason::MaxTokens));
        assert_eq!(pieces, vec!["a ", "b ", "c "]);

        let (g, _) = collect(&m, &GenOptions::default());
        assert_eq!((g.text.as_str(), g.stop), ("a b c d e f", StopReason::EndOfTurn));

        let cancel = Arc::new(AtomicBool::new(true));
        let (g, _) = collect(&m, &GenOptions { cancel: Some(cancel), ..Default::default() });
        assert_eq!((g.tokens, g.stop), (0, StopReason::Cancelled));
    }

    #[test]
    fn a_stop_sequence_split_across_tokens_is_never_emitted() {
        let m = ScriptedModel::new(vec!["x <|im_ end|> y".into()]);
        let (g, pieces) = collect(&m, &GenOptions { stop: vec!["<|im_ end|>".into()], ..Default::default() });
        assert_eq!(g.text, "x ");
        assert_eq!(pieces.concat(), "x ");
    }

    #[test]
    fn streams_over_a_channel() {
        let m: Arc<dyn LanguageModel> = Arc::new(ScriptedModel::new(vec!["one two three".into()]));
        let rx = stream(m, vec![Message::user("count")], GenOptions::default());
        let mut text = String::new();
        let mut done = None;
        for ev in rx {
            match ev {
                StreamEvent::Text(t) => text.push_str(&t),
                StreamEvent::Done(r) => done = Some(r.unwrap()),
            }
        }
        let done = done.expect("a Done event");
        assert_eq!(text, "one two three");
        assert_eq!(done.text, text);
    }
}

/// The value of string field `field` in a JSON object still being written:
/// what has been decoded of it so far (escapes resolved), or `None` before
/// it starts. Lets a front end show a constrained answer as it streams.
pub fn partial_string_field(json_so_far: &str, field: &str) -> Option<String> {
    let key = format!("\"{field}\"");
    let at = json_so_far.find(&key)? + key.len();
    let rest = json_so_far[at..].trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('r') => out.push('\r'),
                Some('b') | Some('f') => {}
                Some(other) => out.push(other),
                None => break,
            },
            c => out.push(c),
        }
    }
    Some(out)
}
