//! The chat template a GGUF file carries (`tokenizer.chat_template`),
//! rendered with a real Jinja engine (minijinja).
//!
//! Why not a per-architecture guess: the architecture does not say how a
//! model was tuned to read a conversation. SmolLM2 is a `llama` file that
//! speaks ChatML; Qwen's template adds a default system prompt when none is
//! given. The file's own template is what the model saw in training, so it
//! is what we render, with the settings Hugging Face's
//! `apply_chat_template` uses (`trim_blocks`, `lstrip_blocks`, Python's
//! string methods, `raise_exception`). The template is parsed once, when
//! the model loads, and every LLM step renders the compiled one. A template
//! that does not render is found at load too (a probe conversation), and
//! the model then falls back to its family's built-in template, saying so.

use aurag_core::llm::{ChatTemplate, Message, Role};
use minijinja::syntax::SyntaxConfig;
use minijinja::{Environment, Error, ErrorKind};
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
#[error("chat template: {0}")]
pub struct TemplateError(String);

/// The name of the one template in a [`JinjaTemplate`]'s environment.
const NAME: &str = "chat";

/// A compiled Jinja chat template with the special tokens it may refer to.
#[derive(Debug, Clone)]
pub struct JinjaTemplate {
    env: Environment<'static>,
    bos: String,
    eos: String,
    family: ChatTemplate,
}

#[derive(Serialize)]
struct Msg<'a> {
    role: &'a str,
    content: &'a str,
}

fn role(r: Role) -> &'static str {
    match r {
        Role::System => "system",
        Role::User => "user",
        Role::Assistant => "assistant",
    }
}

impl JinjaTemplate {
    /// Parses `source` and renders a probe conversation, so a template that
    /// cannot render fails here rather than in the middle of a question.
    pub fn new(source: &str, bos: &str, eos: &str) -> Result<Self, TemplateError> {
        let mut env = Environment::new();
        let syntax = SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).build().map_err(|e| TemplateError(e.to_string()))?;
        env.set_syntax(syntax);
        env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
        env.add_function("raise_exception", |msg: String| -> Result<String, Error> { Err(Error::new(ErrorKind::InvalidOperation, msg)) });
        env.add_template_owned(NAME, source.to_string()).map_err(|e| TemplateError(format!("{e:#}")))?;
        let t = JinjaTemplate { env, bos: bos.to_string(), eos: eos.to_string(), family: family_of(source) };
        t.render(&[Message::system("probe"), Message::user("probe")], true)?;
        t.render(&[Message::user("probe")], true)?;
        Ok(t)
    }

    /// The prompt for `messages`; with `add_generation_prompt`, it ends
    /// where the assistant's reply begins.
    pub fn render(&self, messages: &[Message], add_generation_prompt: bool) -> Result<String, TemplateError> {
        let tmpl = self.env.get_template(NAME).map_err(|e| TemplateError(e.to_string()))?;
        let msgs: Vec<Msg> = messages.iter().map(|m| Msg { role: role(m.role), content: &m.content }).collect();
        let ctx = minijinja::context! {
            messages => minijinja::value::Serde(&msgs),
            add_generation_prompt => add_generation_prompt,
            bos_token => self.bos.as_str(),
            eos_token => self.eos.as_str(),
        };
        tmpl.render(ctx).map_err(|e| TemplateError(format!("{e:#}")))
    }

    /// The built-in family whose end-of-turn tokens this template uses.
    pub fn family(&self) -> ChatTemplate {
        self.family
    }
}

/// The family whose end-of-turn tokens a template's source writes.
fn family_of(source: &str) -> ChatTemplate {
    if source.contains("<|eot_id|>") {
        ChatTemplate::Llama3
    } else if source.contains("<|end|>") && !source.contains("<|im_end|>") {
        ChatTemplate::Phi3
    } else {
        ChatTemplate::ChatMl
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SmolLM2's template, as its GGUF file stores it.
    const SMOLLM2: &str = "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}{{ '<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n' }}{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

    #[test]
    fn renders_the_files_template_with_its_default_system_prompt() {
        let t = JinjaTemplate::new(SMOLLM2, "<|im_start|>", "<|im_end|>").unwrap();
        let p = t.render(&[Message::user("Revenue?")], true).unwrap();
        assert_eq!(p, "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n<|im_start|>user\nRevenue?<|im_end|>\n<|im_start|>assistant\n");
        let p = t.render(&[Message::system("Be brief."), Message::user("Revenue?")], false).unwrap();
        assert_eq!(p, "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nRevenue?<|im_end|>\n");
        assert_eq!(t.family(), ChatTemplate::ChatMl);
    }

    #[test]
    fn block_whitespace_python_methods_and_special_tokens_as_hugging_face_renders_them() {
        // trim_blocks/lstrip_blocks: the indented tags and their newlines leave nothing.
        let src = "{{ bos_token }}{% for m in messages %}\n    {% if m.role == 'user' %}\n<|start_header_id|>{{ m.role }}<|end_header_id|>\n\n{{ m.content.strip() }}<|eot_id|>\n    {% endif %}\n{% endfor %}\n{% if add_generation_prompt %}<|start_header_id|>assistant<|end_header_id|>\n\n{% endif %}";
        let t = JinjaTemplate::new(src, "<|begin_of_text|>", "<|eot_id|>").unwrap();
        let p = t.render(&[Message::user("  Hi  ")], true).unwrap();
        assert_eq!(p, "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>\n<|start_header_id|>assistant<|end_header_id|>\n\n");
        assert_eq!(t.family(), ChatTemplate::Llama3);
    }

    #[test]
    fn a_template_that_cannot_render_fails_at_load() {
        assert!(JinjaTemplate::new("{% for m in messages %}", "", "").is_err(), "unclosed block");
        let err = JinjaTemplate::new("{{ raise_exception('roles must alternate') }}", "", "").unwrap_err();
        assert!(err.to_string().contains("roles must alternate"), "{err}");
    }
}
