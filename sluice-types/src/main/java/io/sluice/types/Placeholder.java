package io.sluice.types; final class Placeholder { private Placeholder() {} }
