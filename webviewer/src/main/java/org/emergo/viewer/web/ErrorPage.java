package org.emergo.viewer.web;

/** A 400 or 404 page: what went wrong, in words. */
public record ErrorPage(int status, String title, String message) {}
