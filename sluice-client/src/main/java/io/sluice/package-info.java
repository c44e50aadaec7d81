package io.sluice;
