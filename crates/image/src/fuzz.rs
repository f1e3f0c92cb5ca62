//! Property tests of what registries and image stores send back: a
//! `WWW-Authenticate` header, a token response, an image config. Whatever
//! the bytes, parsing ends in a value or an error, never a panic, and what
//! an error quotes stays short.

use super::auth::{parse_challenges, token_from_response};
use super::store::config_of;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        // The same cases every run: CI is reproducible.
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7e1_0e5),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_authenticate_header_parses_or_is_refused(header in "\\PC{0,300}") {
        let _ = parse_challenges(&header);
    }

    #[test]
    fn bearer_headers_keep_their_realm(
        realm in "https://[a-z]{1,12}\\.example/token",
        service in "[a-z0-9.]{0,20}",
        junk in "[ -~]{0,40}",
    ) {
        let header = format!("Bearer realm=\"{realm}\",service=\"{service}\",{junk}");
        let challenges = parse_challenges(&header);
        prop_assert!(!challenges.is_empty(), "{header}");
        prop_assert_eq!(&challenges[0].scheme, "bearer");
        prop_assert_eq!(challenges[0].param("realm"), Some(realm.as_str()));
    }

    #[test]
    fn any_token_response_yields_a_token_or_none(body in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = token_from_response(&body);
    }

    #[test]
    fn any_config_parses_or_is_refused_briefly(body in "\\PC{0,400}") {
        if let Err(e) = config_of("fuzz", body.as_bytes()) {
            prop_assert!(e.to_string().len() < 2_000, "{e}");
        }
    }
}
