//! The registry, typed registration, defaults and argument errors.

use ferrule_registry::{get_global, list_global_names, register, remove_global, Any, FuncDef};

#[test]
fn typed_closure_registers_and_calls() {
    register("t.add", |a: i64, b: i64| a + b).unwrap();
    let f = get_global("t.add").unwrap();
    assert_eq!(f.call(&[Any::int(2), Any::int(40)]).unwrap().as_int(), Some(42));
    assert!(list_global_names().contains(&"t.add".to_owned()));
    let info = f.info().unwrap();
    assert_eq!(info.signature.as_ref().unwrap().render(), "(arg0: int, arg1: int) -> int");
}

#[test]
fn type_error_names_function_argument_and_position() {
    FuncDef::new("t.typed").signature("(a: int, b: int) -> int").register(|a: i64, b: i64| a * b).unwrap();
    let f = get_global("t.typed").unwrap();
    let err = f.call(&[Any::int(1), Any::str("x")]).unwrap_err();
    assert_eq!(err.kind(), "TypeError");
    assert_eq!(err.message(), "t.typed() argument 2 'b': expected int, got str");
    let err = f.call(&[Any::int(1), Any::int(2), Any::int(3)]).unwrap_err();
    assert_eq!(err.message(), "t.typed() takes 2 arguments but 3 were given");
}

#[test]
fn defaults_fill_trailing_arguments() {
    FuncDef::new("t.scale")
        .signature("(x: float, factor: float = 2.0) -> float")
        .register(|x: f64, f: f64| x * f)
        .unwrap();
    let f = get_global("t.scale").unwrap();
    assert_eq!(f.call(&[Any::float(3.0)]).unwrap().as_float(), Some(6.0));
    assert_eq!(f.call(&[Any::float(3.0), Any::float(3.0)]).unwrap().as_float(), Some(9.0));
    let err = f.call(&[]).unwrap_err();
    assert_eq!(err.message(), "t.scale() missing required argument 'x' (position 1)");
}

#[test]
fn override_is_explicit() {
    register("t.dup", || 1i64).unwrap();
    let err = register("t.dup", || 2i64).unwrap_err();
    assert_eq!(err.kind(), "KeyError");
    assert!(err.message().contains("override"), "{}", err.message());
    FuncDef::new("t.dup").override_existing().register(|| 2i64).unwrap();
    assert_eq!(get_global("t.dup").unwrap().call(&[]).unwrap().as_int(), Some(2));
}

#[test]
fn removed_functions_stay_callable_through_handles() {
    register("t.gone", || "still here").unwrap();
    let f = get_global("t.gone").unwrap();
    assert!(remove_global("t.gone"));
    assert!(!remove_global("t.gone"));
    assert!(get_global("t.gone").is_none());
    assert_eq!(f.call(&[]).unwrap().as_str(), Some("still here"));
}

#[test]
fn bad_names_and_signatures_are_rejected() {
    assert_eq!(register("", || ()).unwrap_err().kind(), "ValueError");
    assert_eq!(register("a..b", || ()).unwrap_err().kind(), "ValueError");
    let err = FuncDef::new("t.badsig").signature("(a: int)").register(|a: i64, b: i64| a + b).unwrap_err();
    assert!(err.message().contains("1 parameters but the function takes 2"), "{}", err.message());
}

#[test]
fn errors_propagate_from_typed_results() {
    FuncDef::new("t.fail")
        .register(|x: i64| if x < 0 { Err(ferrule_core::Error::value_error("x must be >= 0")) } else { Ok(x) })
        .unwrap();
    let f = get_global("t.fail").unwrap();
    let err = f.call(&[Any::int(-1)]).unwrap_err();
    assert_eq!((err.kind(), err.message()), ("ValueError", "x must be >= 0"));
}
