package io.sluice.testkit; final class Placeholder { private Placeholder() {} }
