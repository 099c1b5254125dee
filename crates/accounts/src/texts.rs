//! Texts the server writes itself (mails), in the user's language.

use crate::model::LinkPurpose;
use desen_core::Language;

pub fn link_mail(
    language: Language,
    purpose: LinkPurpose,
    name: &str,
    url: &str,
) -> (&'static str, String) {
    let invite = purpose == LinkPurpose::Invite;
    let (subject, greeting, body, closing) = match (language, invite) {
        (Language::Tr, false) => (
            "Desen: şifre sıfırlama",
            "Merhaba",
            "Şifrenizi sıfırlamak için bu bağlantıyı açın. Bağlantı bir kez kullanılabilir ve 24 saat geçerlidir:",
            "Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.",
        ),
        (Language::Tr, true) => (
            "Desen: şifrenizi oluşturun",
            "Merhaba",
            "Desen arşivi hesabınız hazır. Şifrenizi oluşturmak için bu bağlantıyı açın:",
            "Bağlantı bir kez kullanılabilir ve 24 saat geçerlidir.",
        ),
        (Language::Ru, false) => (
            "Desen: сброс пароля",
            "Здравствуйте",
            "Чтобы сбросить пароль, откройте эту ссылку. Она действует один раз в течение 24 часов:",
            "Если вы не запрашивали сброс, просто проигнорируйте это письмо.",
        ),
        (Language::Ru, true) => (
            "Desen: создайте пароль",
            "Здравствуйте",
            "Ваша учётная запись в архиве Desen готова. Чтобы создать пароль, откройте эту ссылку:",
            "Ссылка действует один раз в течение 24 часов.",
        ),
        (Language::En, false) => (
            "Desen: password reset",
            "Hello",
            "Open this link to reset your password. It works once, within 24 hours:",
            "If you did not ask for this, ignore this e-mail.",
        ),
        (Language::En, true) => (
            "Desen: create your password",
            "Hello",
            "Your Desen archive account is ready. Open this link to create your password:",
            "The link works once, within 24 hours.",
        ),
    };
    (
        subject,
        format!("{greeting} {name},\n\n{body}\n\n{url}\n\n{closing}\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mails_carry_the_link_in_each_language() {
        for language in [Language::Tr, Language::En, Language::Ru] {
            let (subject, text) = link_mail(
                language,
                LinkPurpose::Reset,
                "Ayşe",
                "http://x/create-password?t=1",
            );
            assert!(subject.starts_with("Desen"));
            assert!(text.contains("http://x/create-password?t=1") && text.contains("Ayşe"));
        }
    }
}
