use super::*;

fn sha(c: char) -> String {
    format!("sha256:{}", c.to_string().repeat(64))
}

/// Written, registry, repository, tag, digest, canonical form.
type Accepted<'a> = (
    String,
    &'a str,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    String,
);

#[test]
fn accepted_references_and_their_parts() {
    let a = sha('a');
    let sha512 = format!("sha512:{}", "f".repeat(128));
    let long_tag = "t".repeat(128);
    let cases: Vec<Accepted> = vec![
        // Docker Hub: default registry, `library/` for one component.
        (
            "ubuntu".into(),
            "docker.io",
            "library/ubuntu",
            None,
            None,
            "docker.io/library/ubuntu:latest".into(),
        ),
        (
            "ubuntu:24.04".into(),
            "docker.io",
            "library/ubuntu",
            Some("24.04"),
            None,
            "docker.io/library/ubuntu:24.04".into(),
        ),
        (
            "nvidia/cuda:12.8.1-cudnn-devel-ubuntu24.04".into(),
            "docker.io",
            "nvidia/cuda",
            Some("12.8.1-cudnn-devel-ubuntu24.04"),
            None,
            "docker.io/nvidia/cuda:12.8.1-cudnn-devel-ubuntu24.04".into(),
        ),
        (
            "docker.io/ubuntu".into(),
            "docker.io",
            "library/ubuntu",
            None,
            None,
            "docker.io/library/ubuntu:latest".into(),
        ),
        (
            "index.docker.io/nvidia/cuda:12".into(),
            "docker.io",
            "nvidia/cuda",
            Some("12"),
            None,
            "docker.io/nvidia/cuda:12".into(),
        ),
        // A first component is a registry only with `.`, `:` or as `localhost`.
        (
            "localhost/team/x".into(),
            "localhost",
            "team/x",
            None,
            None,
            "localhost/team/x:latest".into(),
        ),
        (
            "team/x".into(),
            "docker.io",
            "team/x",
            None,
            None,
            "docker.io/team/x:latest".into(),
        ),
        (
            "egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/egslingjun/training-nv-pytorch:25.10-serverless".into(),
            "egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com",
            "egslingjun/training-nv-pytorch",
            Some("25.10-serverless"),
            None,
            "egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/egslingjun/training-nv-pytorch:25.10-serverless".into(),
        ),
        // Ports, IPv4 and IPv6; a host name keeps its case.
        (
            "127.0.0.1:5000/team/training:25.10".into(),
            "127.0.0.1:5000",
            "team/training",
            Some("25.10"),
            None,
            "127.0.0.1:5000/team/training:25.10".into(),
        ),
        (
            "[::1]:5000/y".into(),
            "[::1]:5000",
            "y",
            None,
            None,
            "[::1]:5000/y:latest".into(),
        ),
        (
            "[fe80::1]/y:1".into(),
            "[fe80::1]",
            "y",
            Some("1"),
            None,
            "[fe80::1]/y:1".into(),
        ),
        (
            "Registry.Example.com/a/b".into(),
            "Registry.Example.com",
            "a/b",
            None,
            None,
            "Registry.Example.com/a/b:latest".into(),
        ),
        // Digests, with and without a tag.
        (
            format!("registry.example.com/x/y@{a}"),
            "registry.example.com",
            "x/y",
            None,
            Some(&a),
            format!("registry.example.com/x/y@{a}"),
        ),
        (
            format!("localhost:5000/y:v1@{a}"),
            "localhost:5000",
            "y",
            Some("v1"),
            Some(&a),
            format!("localhost:5000/y:v1@{a}"),
        ),
        (
            format!("r.io/x@sha512:{}", "f".repeat(128)),
            "r.io",
            "x",
            None,
            Some(&sha512),
            format!("r.io/x@sha512:{}", "f".repeat(128)),
        ),
        // Separators and tags at their limits.
        (
            "r.io/a__b.c-d---e/f_g:_Tag.1-x".into(),
            "r.io",
            "a__b.c-d---e/f_g",
            Some("_Tag.1-x"),
            None,
            "r.io/a__b.c-d---e/f_g:_Tag.1-x".into(),
        ),
        (
            format!("r.io/x:{}", "t".repeat(128)),
            "r.io",
            "x",
            Some(&long_tag),
            None,
            format!("r.io/x:{}", "t".repeat(128)),
        ),
    ];
    for (written, registry, repository, tag, digest, canonical) in &cases {
        let r = ImageRef::parse(written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(r.registry(), *registry, "{written}");
        assert_eq!(r.repository(), *repository, "{written}");
        assert_eq!(r.tag(), *tag, "{written}");
        assert_eq!(r.digest(), *digest, "{written}");
        assert_eq!(&r.to_string(), canonical, "{written}");
        assert_eq!(r.written(), written);
        // The canonical form reads back as itself.
        assert_eq!(&ImageRef::parse(canonical).unwrap().to_string(), canonical);
    }
}

#[test]
fn rejected_references_say_why() {
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "it is empty"),
        ("Ubuntu:24.04".into(), "has uppercase letters"),
        ("NVIDIA/cuda".into(), "has uppercase letters"),
        (
            "Registry.example.com/Upper/x".into(),
            "has uppercase letters",
        ),
        (
            "127.0.0.1:5000/team/Training:1".into(),
            "has uppercase letters",
        ),
        (
            "host.example.com/x:bad tag".into(),
            "tag `bad tag` is not valid",
        ),
        ("r.io/x:-dash".into(), "tag `-dash` is not valid"),
        ("r.io/x:.dot".into(), "tag `.dot` is not valid"),
        (format!("r.io/x:{}", "t".repeat(129)), "is not valid"),
        ("r.io/x:".into(), "tag `` is not valid"),
        (
            "host.example.com/x@sha256:abc".into(),
            "lowercase hex digits",
        ),
        (
            format!("r.io/x@sha256:{}", "A".repeat(64)),
            "lowercase hex digits",
        ),
        ("host.example.com/x@md5:0123".into(), "algorithm `md5`"),
        ("r.io/x@".into(), "is not ALGORITHM:HEX"),
        (format!("@{}", sha('a')), "repository name is empty"),
        ("r.io/".into(), "repository name is empty"),
        ("host.example.com/a//b".into(), "component `` is not valid"),
        ("r.io/a-/b".into(), "component `a-` is not valid"),
        ("r.io/a..b".into(), "component `a..b` is not valid"),
        ("r.io/a___b".into(), "component `a___b` is not valid"),
        ("r.io/_a".into(), "component `_a` is not valid"),
        ("-bad.io/x".into(), "registry `-bad.io`"),
        ("r.io:port/x".into(), "registry `r.io:port`"),
        ("r.io:/x".into(), "registry `r.io:`"),
        ("[::1/x".into(), "registry `[::1`"),
        ("[nothost]:5000/x".into(), "registry `[nothost]:5000`"),
        ("a".repeat(64), "is an image ID"),
        (format!("r.io/{}", "a".repeat(251)), "more than the 255"),
        ("https://host.example.com/x".into(), "registry `https:`"),
    ];
    for (text, reason) in &cases {
        let err = ImageRef::parse(text).expect_err(text);
        assert!(!err.is_template(), "{text}: {err}");
        assert!(err.to_string().contains(reason), "{text}: {err}");
    }
}

#[test]
fn templates_are_recognised_as_such() {
    let err =
        ImageRef::parse("acs-registry-vpc.{region-id}.cr.aliyuncs.com/egslingjun/{image:tag}")
            .unwrap_err();
    assert_eq!(
        err,
        ReferenceError::Template {
            placeholders: vec!["region-id".into(), "image:tag".into()]
        }
    );
    assert!(err.is_template());
    assert_eq!(
        err.to_string(),
        "it is a template: `{region-id}`, `{image:tag}` to be filled in"
    );
    assert!(
        ImageRef::parse("r.io/team/x@{digest}")
            .unwrap_err()
            .is_template()
    );
    assert!(
        ImageRef::parse("r.io/team/x:{tag}")
            .unwrap_err()
            .is_template()
    );
    // A template that stays broken once filled in is a broken reference.
    let err = ImageRef::parse("r.io/Team/{image:tag}").unwrap_err();
    assert!(matches!(err, ReferenceError::Uppercase { .. }), "{err}");
    // Braces that do not pair up around a name are no placeholders.
    for text in ["r.io/x/{}", "r.io/x/{a", "r.io/x/a}", "r.io/{a{b}}"] {
        let err = ImageRef::parse(text).unwrap_err();
        assert!(!err.is_template(), "{text}: {err}");
    }
}

#[test]
fn accessors_callers_need() {
    let r = ImageRef::parse("reg.example.com:5000/ns/img:1.0-x").unwrap();
    assert_eq!(r.name(), "img");
    assert_eq!(r.written_name(), "reg.example.com:5000/ns/img");
    assert_eq!(r.repository_url(), "reg.example.com:5000/ns/img");
    assert_eq!(r.manifest_reference(), "1.0-x");
    assert!(!r.is_loopback());

    let r = ImageRef::parse("pytorch-cuda:v2.9").unwrap();
    assert_eq!(r.written_name(), "pytorch-cuda");
    assert_eq!(r.name(), "pytorch-cuda");
    assert_eq!(r.repository_url(), "docker.io/library/pytorch-cuda");
    assert_eq!(r.manifest_reference(), "v2.9");

    let pinned = r.with_digest(&sha('b')).unwrap();
    assert_eq!(pinned.written(), format!("pytorch-cuda:v2.9@{}", sha('b')));
    assert_eq!(pinned.manifest_reference(), sha('b'));
    assert_eq!(pinned.tag(), Some("v2.9"));
    assert!(r.with_digest("sha256:nothex").is_err());

    let r = ImageRef::parse(&format!("r.io/x:1@{}", sha('c'))).unwrap();
    assert_eq!(r.written_name(), "r.io/x");
    assert_eq!(r.manifest_reference(), sha('c'));
    assert_eq!(
        ImageRef::parse("r.io/x").unwrap().manifest_reference(),
        "latest"
    );
    let r = ImageRef::parse("localhost:5000/a/b").unwrap();
    assert_eq!((r.written_name(), r.tag()), ("localhost:5000/a/b", None));

    for loopback in [
        "localhost/x",
        "LOCALHOST:5000/x",
        "127.0.0.1/x",
        "127.1.2.3:80/x",
        "[::1]:5000/x",
    ] {
        assert!(
            ImageRef::parse(loopback).unwrap().is_loopback(),
            "{loopback}"
        );
    }
    for remote in [
        "ubuntu",
        "10.0.0.1:5000/x",
        "[fe80::1]/x",
        "localhost.example.com/x",
    ] {
        assert!(!ImageRef::parse(remote).unwrap().is_loopback(), "{remote}");
    }
}

#[test]
fn equal_when_naming_the_same_image() {
    let parse = |s: &str| ImageRef::parse(s).unwrap();
    assert_eq!(
        parse("busybox:latest"),
        parse("docker.io/library/busybox:latest")
    );
    assert_eq!(parse("index.docker.io/library/busybox"), parse("busybox"));
    assert_ne!(parse("busybox"), parse("busybox:latest"));
    assert_ne!(parse("busybox:1"), parse("team/busybox:1"));
}
